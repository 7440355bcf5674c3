// /admin/join?invite=<token>: the invite link. Signed out, it offers "Create account" or "Sign in" (and comes back
// here afterwards); signed in, it shows the invite's store and permissions with "Accept invite". Accepted, the store
// is the current store. An unknown invite is said in words; one that cannot be accepted (used, revoked, expired, or
// its sender can no longer grant it) is the API's 409, whose words say which.
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/common/page-header";
import { ErrorMessage, Loading } from "../../components/common/query-state";
import { useMe, useSignOut } from "../../hooks/api/auth";
import { useAcceptInvite, useInviteLookup } from "../../hooks/api/invites";
import { ApiProblem } from "../../lib/problem";
import { useSession } from "../../lib/session";

function SignedOut({ here }: { here: string }) {
  return (
    <>
      <p>You have been invited to join a store. Sign in, or create an account with the email address the invite was sent to, to see it.</p>
      <div className="actions">
        <Link className="button primary" to="/signup" state={{ from: here }}>
          Create account
        </Link>
        <Link className="button" to="/login" state={{ from: here }}>
          Sign in
        </Link>
      </div>
    </>
  );
}

function Invite({ token }: { token: string }) {
  const me = useMe();
  const invite = useInviteLookup(token, true);
  const accept = useAcceptInvite();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (invite.error instanceof ApiProblem && invite.error.status === 404) {
    return <p role="alert">This invite link is not valid. Check that you opened the whole link, or ask for a new invite.</p>;
  }
  if (invite.error instanceof ApiProblem && invite.error.status === 409) {
    return (
      <p role="alert">
        {invite.error.detail}. If you already joined, the store is in your store list; otherwise ask the person who invited you for a new invite.
      </p>
    );
  }
  if (invite.error) return <ErrorMessage error={invite.error} />;
  if (!invite.data || !me.data) return <Loading label="Reading the invite…" />;
  const i = invite.data;
  const otherEmail = i.email.toLowerCase() !== me.data.email.toLowerCase();
  return (
    <>
      <p>
        You are invited to join <strong>{i.store_name}</strong> with these permissions:
      </p>
      <ul aria-label="Permissions">
        {i.permission_names.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {otherEmail ? (
        <>
          <p role="alert">
            This invite was sent to {i.email}, and you are signed in as {me.data.email}. Sign in with that address to accept it.
          </p>
          <button type="button" onClick={() => signOut.mutate()}>
            Sign out
          </button>
        </>
      ) : (
        <>
          <ErrorMessage error={accept.error} />
          <button
            type="button"
            className="primary"
            disabled={accept.isPending}
            onClick={() => accept.mutate(token, { onSuccess: () => navigate("/products", { replace: true }) })}
          >
            Accept invite
          </button>
        </>
      )}
    </>
  );
}

export default function Join() {
  const [params] = useSearchParams();
  const token = params.get("invite") ?? "";
  const { session } = useSession();
  return (
    <main className="auth-page">
      <PageHeader title="Join a store" />
      {!token ? (
        <p role="alert">This invite link is incomplete: it has no invite in it. Open the whole link you were sent.</p>
      ) : session ? (
        <Invite token={token} />
      ) : (
        <SignedOut here={`/join?invite=${encodeURIComponent(token)}`} />
      )}
    </main>
  );
}
