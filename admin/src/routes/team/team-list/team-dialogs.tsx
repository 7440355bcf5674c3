// Invite a teammate (the invite link, holding its one-time token, is shown once) and edit a member's permissions.
import { useState, type FormEvent } from "react";
import { Dialog, FormActions } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { ErrorMessage } from "../../../components/common/query-state";
import { useCreateInvite, useUpdateMember, type Member } from "../../../hooks/api/team";
import { SecretShownOnce } from "../../api-tokens/token-list/new-token-dialog";

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateInvite();
  const [email, setEmail] = useState("");
  const [permissions, setPermissions] = useState<string[]>(["products.read"]);
  const close = () => {
    setEmail("");
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ email, permissions: permissions as never });
  };
  return (
    <Dialog title="Invite teammate" open={open} onClose={close}>
      {create.data ? (
        <SecretShownOnce
          label="Invite link"
          value={`${window.location.origin}/admin/join?invite=${encodeURIComponent(create.data.token)}`}
          note={`Invite for ${create.data.email} created. Send them this link: they sign in or create an account with that address, then accept.`}
          onDone={close}
        />
      ) : (
        <form onSubmit={submit}>
          <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} path="email" error={create.error} />
          <PermissionPicker legend="Permissions" selected={permissions} onChange={setPermissions} error={create.error} path="permissions" />
          <ErrorMessage error={create.error} />
          <FormActions submit="Create invite" pending={create.isPending} onCancel={close} />
        </form>
      )}
    </Dialog>
  );
}

export function EditPermissionsDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const update = useUpdateMember();
  const [permissions, setPermissions] = useState<string[]>(member.permission_names);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ userId: member.user_id, permissions }, { onSuccess: onClose });
  };
  return (
    <Dialog title={`Permissions of ${member.name}`} open onClose={onClose}>
      <form onSubmit={submit}>
        <PermissionPicker legend="Permissions" selected={permissions} onChange={setPermissions} error={update.error} path="permissions" />
        <ErrorMessage error={update.error} />
        <FormActions submit="Save permissions" pending={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
