// Sign in: email and password → POST /login; the session JWT lives in memory and sessionStorage.
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { TextField } from "../../components/common/field";
import { PageHeader } from "../../components/common/page-header";
import { ApiForm, FormError, useApiForm } from "../../components/forms";
import { useSignIn } from "../../hooks/api/auth";
import { useSession } from "../../lib/session";

export function Login() {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const { endReason, session } = useSession();
  const from = (location.state as { from?: string } | null)?.from;
  // Signing in holds no store data: not guarded.
  const form = useApiForm({
    defaultValues: { email: (location.state as { email?: string } | null)?.email ?? "", password: "" },
    mutation: signIn,
    guard: false,
    onSaved: () => navigate(from ?? "/", { replace: true }),
  });
  // Signed in meanwhile (in another tab of this browser): on to where the visitor was going.
  if (session && !signIn.isPending) return <Navigate to={from ?? "/"} replace />;
  return (
    <main className="auth-page">
      <PageHeader title="Sign in" />
      {endReason === "expired" && <p role="status">Your session has ended. Sign in again.</p>}
      {(location.state as { created?: boolean } | null)?.created && <p role="status">Account created. Sign in.</p>}
      <ApiForm form={form}>
        <TextField label="Email" type="email" autoComplete="email" required {...form.register("email")} />
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.register("password")} />
        <FormError />
        <button type="submit" className="primary" disabled={signIn.isPending}>
          Sign in
        </button>
      </ApiForm>
      <p>
        New here?{" "}
        <Link to="/signup" state={{ from }}>
          Create account
        </Link>
      </p>
    </main>
  );
}
