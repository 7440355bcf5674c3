// Adds a video to the gallery (YouTube, Vimeo or a file URL), optionally tied to a variant.
import { useEditForm } from "../../../../components/common/edit-form";
import { TextField } from "../../../../components/common/field";
import { FormDialog } from "../../../../components/common/form-dialog";
import { useAddVideo } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";

export function AddVideoDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const add = useAddVideo(product.id);
  const edit = useEditForm({ url: "", poster: "" });
  const { url, poster } = edit.form;
  const submit = () => add.mutate({ url, ...(poster ? { poster_url: poster } : {}) }, { onSuccess: onClose });
  return (
    <FormDialog title="Add video" form={edit} onClose={onClose} onSubmit={submit} submit="Add video" pending={add.isPending} error={add.error}>
      <TextField label="Video URL" type="url" required value={url} onChange={edit.set("url")} path="url" error={add.error} />
      <TextField label="Poster URL" type="url" value={poster} onChange={edit.set("poster")} path="poster_url" error={add.error} />
    </FormDialog>
  );
}
