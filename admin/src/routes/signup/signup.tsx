// Create account: POST /users, then sign in with the same credentials.
import { Link, useLocation, useNavigate } from "react-router";
import { TextField } from "../../components/common/field";
import { PageHeader } from "../../components/common/page-header";
import { ApiForm, FormError, useApiForm } from "../../components/forms";
import { useSignIn, useSignUp } from "../../hooks/api/auth";

export function Signup() {
  const signUp = useSignUp();
  const signIn = useSignIn();
  const navigate = useNavigate();
  // Where the visitor was going (an invite link): back there once the account exists and is signed in.
  const from = (useLocation().state as { from?: string } | null)?.from;
  // Creating an account holds no store data: not guarded.
  const form = useApiForm({
    defaultValues: { name: "", email: "", password: "" },
    mutation: signUp,
    guard: false,
    onSaved: (_, { email, password }) =>
      signIn.mutate(
        { email, password },
        {
          onSuccess: () => navigate(from ?? "/", { replace: true }),
          onError: () => navigate("/login", { state: { created: true, email, from } }),
        },
      ),
  });
  return (
    <main className="auth-page">
      <PageHeader title="Create account" />
      <ApiForm form={form}>
        <TextField label="Name" autoComplete="name" required {...form.register("name")} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.register("email")} />
        <TextField label="Password" type="password" autoComplete="new-password" required {...form.register("password")} hint="At least 10 characters." />
        <FormError />
        <button type="submit" className="primary" disabled={signUp.isPending || signIn.isPending}>
          Create account
        </button>
      </ApiForm>
      <p>
        Already have an account?{" "}
        <Link to="/login" state={{ from }}>
          Sign in
        </Link>
      </p>
    </main>
  );
}
