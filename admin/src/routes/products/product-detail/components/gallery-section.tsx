// The gallery, whole and in order: multi-file upload with progress, drag and drop ordering with "Move earlier"/"Move
// later" as its button equivalent (the shared SortableList), primary, alt text, variant assignment, videos.
import { arrayMove } from "@dnd-kit/sortable";
import { useState } from "react";
import { Empty, ErrorMessage, QueryState } from "../../../../components/common/query-state";
import { SortableList } from "../../../../components/common/sortable-list";
import { useGallery, useUpdateGalleryItem, useUploadImages, type GalleryItem, type UploadProgress } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";
import { useShownOrder } from "../../../../hooks/use-shown-order";
import { describeProblem } from "../../../../lib/problem";
import { AddVideoDialog } from "./add-video-dialog";
import { GalleryListItem } from "./gallery-item";

function UploadBox({ productId }: { productId: string }) {
  const [progress, setProgress] = useState<UploadProgress[]>([]);
  const upload = useUploadImages(productId, setProgress);
  return (
    <div className="upload">
      <label className="button">
        Upload images
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="visually-hidden"
          disabled={upload.isPending}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            if (files.length) upload.mutate(files);
          }}
        />
      </label>
      {progress.length > 0 && (
        <ul className="upload-progress" aria-label="Uploads">
          {progress.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one upload's files in the order chosen; names may repeat
            <li key={`${p.name}-${i}`}>
              <span>{p.name}</span>
              <progress max={1} value={p.fraction} aria-label={`Upload of ${p.name}`} />
              {p.error ? <span role="alert">{describeProblem(p.error)}</span> : p.fraction >= 1 ? <span>Done</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SortableGallery({ product, items, refreshing }: { product: Product; items: GalleryItem[]; refreshing: boolean }) {
  const update = useUpdateGalleryItem(product.id);
  const [order, setOrder] = useShownOrder(items, update.isPending || refreshing);
  const move = (from: number, to: number) => {
    const item = order[from];
    setOrder(arrayMove(order, from, to)); // shown at once; the server's order replaces it once the PATCH and its refetch are answered
    update.mutate({ id: item.id, position: to });
  };
  if (order.length === 0) return <Empty>No images or videos yet.</Empty>;
  return (
    <>
      <SortableList items={order} label="Gallery items" className="gallery" onMove={move}>
        {(item, index, moveTo) => <GalleryListItem item={item} index={index} count={order.length} product={product} onMove={moveTo} />}
      </SortableList>
      <ErrorMessage error={update.error} />
    </>
  );
}

export function GallerySection({ product }: { product: Product }) {
  const gallery = useGallery(product.id);
  const [addingVideo, setAddingVideo] = useState(false);
  return (
    <section className="card" aria-labelledby="gallery-heading">
      <div className="section-header">
        <h2 id="gallery-heading">Gallery</h2>
        <div className="actions">
          <UploadBox productId={product.id} />
          <button type="button" onClick={() => setAddingVideo(true)}>
            Add video
          </button>
        </div>
      </div>
      <QueryState query={gallery}>{(items) => <SortableGallery product={product} items={items} refreshing={gallery.isFetching} />}</QueryState>
      {addingVideo && <AddVideoDialog product={product} onClose={() => setAddingVideo(false)} />}
    </section>
  );
}
