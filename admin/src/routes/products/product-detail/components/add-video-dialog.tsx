// Adds a video to the gallery (YouTube, Vimeo or a file URL), optionally tied to a variant.
import { useState } from "react";
import { FormDialog } from "../../../../components/common/dialog";
import { TextField } from "../../../../components/common/field";
import { useAddVideo } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";

export function AddVideoDialog({ product, open, onClose }: { product: Product; open: boolean; onClose: () => void }) {
  const add = useAddVideo(product.id);
  const [url, setUrl] = useState("");
  const [poster, setPoster] = useState("");
  const submit = () =>
    add.mutate({ url, ...(poster ? { poster_url: poster } : {}) }, { onSuccess: () => (setUrl(""), setPoster(""), onClose()) });
  return (
    <FormDialog title="Add video" open={open} onClose={onClose} onSubmit={submit} submit="Add video" pending={add.isPending} error={add.error}>
      <TextField label="Video URL" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} path="url" error={add.error} />
      <TextField label="Poster URL" type="url" value={poster} onChange={(e) => setPoster(e.target.value)} path="poster_url" error={add.error} />
    </FormDialog>
  );
}
