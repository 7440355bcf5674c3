// One gallery item: its image (alt = its alt text) or video, alt text, variant, primary, order, removal.
import { useEffect, useId, useState } from "react";
import { useDeleteGalleryItem, useUpdateGalleryItem, type GalleryItem } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";
import { ConfirmButton } from "../../../../components/common/confirm-button";
import { MoveButtons } from "../../../../components/common/move-buttons";
import { ErrorMessage } from "../../../../components/common/query-state";
import { SaveStatus } from "../../../../components/common/save-status";
import { SortableItem } from "../../../../components/common/sortable-list";
import { useUnsavedChanges } from "../../../../components/common/unsaved-changes";

export function GalleryListItem(props: { item: GalleryItem; index: number; count: number; product: Product; onMove: (to: number) => void }) {
  const { item, index, count, product } = props;
  const update = useUpdateGalleryItem(product.id);
  const remove = useDeleteGalleryItem(product.id);
  const [alt, setAlt] = useState(item.alt ?? "");
  useEffect(() => setAlt(item.alt ?? ""), [item.alt]);
  const altDirty = alt !== (item.alt ?? "");
  useUnsavedChanges(altDirty);
  const altId = useId();
  const variantId = useId();
  const label = item.alt || `${item.media_type === "video" ? "Video" : "Image"} ${index + 1}`;
  const thumbnail = item.image_variants.find((v) => v.size === "small")?.url ?? item.poster_url ?? item.url;
  return (
    <SortableItem id={item.id} label={label} className={`gallery-item${item.is_primary ? " primary" : ""}`}>
      {item.media_type === "image" ? (
        <img src={thumbnail} alt={item.alt ?? ""} width={120} height={120} loading="lazy" />
      ) : (
        <div className="video-thumb">
          Video ({item.provider}) <a href={item.url}>{item.url}</a>
        </div>
      )}
      <div className="gallery-fields">
        {item.is_primary && <span className="badge live">Primary</span>}
        <label htmlFor={altId}>Alt text</label>
        <input
          id={altId}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          onBlur={() => altDirty && update.mutate({ id: item.id, alt: alt || null })}
          onKeyDown={(e) => e.key === "Enter" && altDirty && update.mutate({ id: item.id, alt: alt || null })}
        />
        <SaveStatus state={update} stale={altDirty} />
        {product.product_type === "variable" && (
          <>
            <label htmlFor={variantId}>Variant</label>
            <select
              id={variantId}
              value={item.product_variant_id ?? ""}
              onChange={(e) => update.mutate({ id: item.id, product_variant_id: e.target.value || null })}
            >
              <option value="">All variants</option>
              {product.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.title}
                </option>
              ))}
            </select>
          </>
        )}
        <ErrorMessage error={remove.error} />
      </div>
      <div className="gallery-actions">
        {!item.is_primary && (
          <button type="button" onClick={() => update.mutate({ id: item.id, is_primary: true })}>
            Make primary
          </button>
        )}
        <MoveButtons index={index} count={count} onMove={props.onMove} />
        <ConfirmButton
          action="Remove"
          title={`Remove ${label} from the gallery?`}
          message="It leaves this product's gallery; the file stays in the media library."
          pending={remove.isPending}
          onConfirm={() => remove.mutate(item.id)}
        />
      </div>
    </SortableItem>
  );
}
