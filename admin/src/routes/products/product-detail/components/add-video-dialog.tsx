// Adds a video to the gallery (YouTube, Vimeo or a file URL), optionally tied to a variant.
import { TextField } from "../../../../components/common/field";
import { FormDialog } from "../../../../components/common/form-dialog";
import { useApiForm } from "../../../../components/forms";
import { useAddVideo } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";

export function AddVideoDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const form = useApiForm({
    defaultValues: { url: "", poster_url: "" },
    mutation: useAddVideo(product.id),
    request: ({ url, poster_url }) => ({ url, ...(poster_url ? { poster_url } : {}) }),
    onSaved: onClose,
  });
  return (
    <FormDialog title="Add video" form={form} onClose={onClose} submit="Add video">
      <TextField label="Video URL" type="url" required {...form.register("url")} />
      <TextField label="Poster URL" type="url" {...form.register("poster_url")} />
    </FormDialog>
  );
}
