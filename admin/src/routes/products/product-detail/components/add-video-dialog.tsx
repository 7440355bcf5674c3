// Adds a video to the gallery (YouTube, Vimeo or a file URL), optionally tied to a variant.
import { useState, type FormEvent } from "react";
import { Dialog, FormActions } from "../../../../components/common/dialog";
import { TextField } from "../../../../components/common/field";
import { ErrorMessage } from "../../../../components/common/query-state";
import { useAddVideo } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";

export function AddVideoDialog({ product, open, onClose }: { product: Product; open: boolean; onClose: () => void }) {
  const add = useAddVideo(product.id);
  const [url, setUrl] = useState("");
  const [poster, setPoster] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { url, ...(poster ? { poster_url: poster } : {}) },
      { onSuccess: () => (setUrl(""), setPoster(""), onClose()) },
    );
  };
  return (
    <Dialog title="Add video" open={open} onClose={onClose}>
      <form onSubmit={submit}>
        <TextField label="Video URL" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} path="url" error={add.error} />
        <TextField label="Poster URL" type="url" value={poster} onChange={(e) => setPoster(e.target.value)} path="poster_url" error={add.error} />
        <ErrorMessage error={add.error} />
        <FormActions submit="Add video" pending={add.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
