// Invite a teammate (the invite link, holding its one-time token, is shown once) and edit a member's permissions.
import { useEditForm } from "../../../components/common/edit-form";
import { TextField } from "../../../components/common/field";
import { FormDialog } from "../../../components/common/form-dialog";
import { PermissionPicker } from "../../../components/common/permission-picker";
import { SecretShownOnce } from "../../../components/common/secret-value";
import { useCreateInvite, useUpdateMember, type Member } from "../../../hooks/api/team";

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateInvite();
  const edit = useEditForm({ email: "", permissions: ["products.read"] });
  const { email, permissions } = edit.form;
  return (
    <FormDialog
      title="Invite teammate"
      form={edit}
      onClose={onClose}
      onSubmit={() => create.mutate({ email, permissions: permissions as never }, { onSuccess: () => edit.saved() })}
      submit="Create invite"
      pending={create.isPending}
      error={create.error}
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
      <TextField label="Email" type="email" required value={email} onChange={edit.set("email")} path="email" error={create.error} />
      <PermissionPicker legend="Permissions" selected={permissions} onChange={(p) => edit.setValue("permissions", p)} error={create.error} path="permissions" />
    </FormDialog>
  );
}

export function EditPermissionsDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const update = useUpdateMember();
  const edit = useEditForm({ permissions: member.permission_names });
  return (
    <FormDialog
      title={`Permissions of ${member.name}`}
      form={edit}
      onClose={onClose}
      onSubmit={() => update.mutate({ userId: member.user_id, permissions: edit.form.permissions }, { onSuccess: onClose })}
      submit="Save permissions"
      pending={update.isPending}
      error={update.error}
    >
      <PermissionPicker legend="Permissions" selected={edit.form.permissions} onChange={(p) => edit.setValue("permissions", p)} error={update.error} path="permissions" />
    </FormDialog>
  );
}
