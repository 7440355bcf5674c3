// Invite a teammate (the invite link, holding its one-time token, is shown once) and edit a member's permissions.
import { useState } from "react";
import { FormDialog } from "../../../components/common/dialog";
import { TextField } from "../../../components/common/field";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useCreateInvite, useUpdateMember, type Member } from "../../../hooks/api/team";

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateInvite();
  const [email, setEmail] = useState("");
  const [permissions, setPermissions] = useState<string[]>(["products.read"]);
  const close = () => {
    setEmail("");
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      title="Invite teammate"
      open={open}
      onClose={close}
      onSubmit={() => create.mutate({ email, permissions: permissions as never })}
      submit="Create invite"
      pending={create.isPending}
      error={create.error}
      done={
        create.data && (
          <SecretShownOnce
            label="Invite link"
            value={`${window.location.origin}/admin/join?invite=${encodeURIComponent(create.data.token)}`}
            note={`Invite for ${create.data.email} created. Send them this link: they sign in or create an account with that address, then accept.`}
            onDone={close}
          />
        )
      }
    >
      <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} path="email" error={create.error} />
      <PermissionPicker legend="Permissions" selected={permissions} onChange={setPermissions} error={create.error} path="permissions" />
    </FormDialog>
  );
}

export function EditPermissionsDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const update = useUpdateMember();
  const [permissions, setPermissions] = useState<string[]>(member.permission_names);
  return (
    <FormDialog
      title={`Permissions of ${member.name}`}
      open
      onClose={onClose}
      onSubmit={() => update.mutate({ userId: member.user_id, permissions }, { onSuccess: onClose })}
      submit="Save permissions"
      pending={update.isPending}
      error={update.error}
    >
      <PermissionPicker legend="Permissions" selected={permissions} onChange={setPermissions} error={update.error} path="permissions" />
    </FormDialog>
  );
}
