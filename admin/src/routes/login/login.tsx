// Sign in: email and password → POST /login; the session JWT lives in memory and sessionStorage.
import { useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { TextField } from "../../components/common/field";
import { PageHeader } from "../../components/common/page-header";
import { ErrorMessage } from "../../components/common/query-state";
import { useSignIn } from "../../hooks/api/auth";
import { useSession } from "../../lib/session";

export function Login() {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const { endReason, session } = useSession();
  const from = (location.state as { from?: string } | null)?.from;
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? "");
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      { onSuccess: () => navigate(from ?? "/", { replace: true }) },
    );
  };
  // Signed in meanwhile (in another tab of this browser): on to where the visitor was going.
  if (session && !signIn.isPending) return <Navigate to={from ?? "/"} replace />;
  return (
    <main className="auth-page">
      <PageHeader title="Sign in" />
      {endReason === "expired" && <p role="status">Your session has ended. Sign in again.</p>}
      {(location.state as { created?: boolean } | null)?.created && <p role="status">Account created. Sign in.</p>}
      <form onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <ErrorMessage error={signIn.error} />
        <button type="submit" className="primary" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
      <p>
        New here? <Link to="/signup" state={{ from }}>Create account</Link>
      </p>
    </main>
  );
}
