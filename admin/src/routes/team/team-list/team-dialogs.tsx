// Invite a teammate (the invite link, holding its one-time token, is shown once) and edit a member's permissions.
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useApiForm } from "../../../components/forms";
import { useCreateInvite, useUpdateMember, type Member } from "../../../hooks/api/team";
import type { components } from "../../../lib/api-schema";

type Permission = Exclude<components["schemas"]["CreateInviteRequest"]["permissions"], string>[number];

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateInvite();
  const form = useApiForm({ defaultValues: { email: "", permissions: ["products.read"] as Permission[] }, mutation: create });
  return (
    <FormDialog
      title="Invite teammate"
      form={form}
      onClose={onClose}
      submit="Create invite"
      done={
        create.data && (
          <SecretShownOnce
            label="Invite link"
            value={`${window.location.origin}/admin/join?invite=${encodeURIComponent(create.data.token)}`}
            note={`Invite for ${create.data.email} created. Send them this link: they sign in or create an account with that address, then accept.`}
            onDone={onClose}
          />
        )
      }
    >
      <TextField label="Email" type="email" required {...form.register("email")} />
      <PermissionPicker legend="Permissions" name="permissions" />
    </FormDialog>
  );
}

export function EditPermissionsDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const form = useApiForm({
    defaultValues: { permissions: member.permission_names },
    mutation: useUpdateMember(),
    request: ({ permissions }) => ({ userId: member.user_id, permissions }),
    onSaved: onClose,
  });
  return (
    <FormDialog title={`Permissions of ${member.name}`} form={form} onClose={onClose} submit="Save permissions">
      <PermissionPicker legend="Permissions" name="permissions" />
    </FormDialog>
  );
}
