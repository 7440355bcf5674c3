// The gallery: multi-file upload with progress, drag and drop ordering (dnd-kit, keyboard sensor included) with
// "Move earlier"/"Move later" as its button equivalent, primary, alt text, variant assignment, videos.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState } from "react";
import { Empty, ErrorMessage, QueryState } from "../../../../components/common/query-state";
import {
  useGallery,
  useUpdateGalleryItem,
  useUploadImages,
  type GalleryItem,
  type UploadProgress,
} from "../../../../hooks/api/gallery";
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const item = order[from];
    setOrder(arrayMove(order, from, to)); // shown at once; the server's order replaces it once the PATCH and its refetch are answered
    update.mutate({ id: item.id, position: to });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(order.findIndex((i) => i.id === active.id), order.findIndex((i) => i.id === over.id));
  };
  if (order.length === 0) return <Empty>No images or videos yet.</Empty>;
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ol className="gallery" aria-label="Gallery items">
            {order.map((item, index) => (
              <GalleryListItem
                key={item.id}
                item={item}
                index={index}
                count={order.length}
                product={product}
                onMove={(to) => move(index, to)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
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
      <QueryState query={gallery}>{(page) => <SortableGallery product={product} items={page.data} refreshing={gallery.isFetching} />}</QueryState>
      <AddVideoDialog product={product} open={addingVideo} onClose={() => setAddingVideo(false)} />
    </section>
  );
}
