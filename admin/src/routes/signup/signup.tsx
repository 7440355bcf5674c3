// Create account: POST /users, then sign in with the same credentials.
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { TextField } from "../../components/common/field";
import { PageHeader } from "../../components/common/page-header";
import { ErrorMessage } from "../../components/common/query-state";
import { useSignIn, useSignUp } from "../../hooks/api/auth";

export function Signup() {
  const signUp = useSignUp();
  const signIn = useSignIn();
  const navigate = useNavigate();
  // Where the visitor was going (an invite link): back there once the account exists and is signed in.
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await signUp.mutateAsync(form);
    } catch {
      return; // shown next to the fields
    }
    signIn.mutate(
      { email: form.email, password: form.password },
      {
        onSuccess: () => navigate(from ?? "/", { replace: true }),
        onError: () => navigate("/login", { state: { created: true, email: form.email, from } }),
      },
    );
  };
  return (
    <main className="auth-page">
      <PageHeader title="Create account" />
      <form onSubmit={submit}>
        <TextField label="Name" autoComplete="name" required value={form.name} onChange={set("name")} path="name" error={signUp.error} />
        <TextField label="Email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} path="email" error={signUp.error} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set("password")}
          path="password"
          error={signUp.error}
          hint="At least 10 characters."
        />
        <ErrorMessage error={signUp.error} />
        <button type="submit" className="primary" disabled={signUp.isPending || signIn.isPending}>
          Create account
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login" state={{ from }}>Sign in</Link>
      </p>
    </main>
  );
}
