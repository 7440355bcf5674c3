// The shopper's view of the product: gallery items tied to a variant appear only while that variant is
// selected, and the highlight video floats as a small widget at the bottom-left. Nothing is fetched from
// another origin: YouTube and Vimeo videos show as a link, not an embedded player.
import { useState } from "react";
import { Dialog } from "../../../../components/common/dialog";
import { useGallery } from "../../../../hooks/api/gallery";
import type { Product } from "../../../../hooks/api/products";
import { formatPrice, useDisplay } from "../../../../lib/format";

function HighlightVideo({ product }: { product: Product }) {
  const url = product.highlight_video_url;
  if (!url) return null;
  const embeddedElsewhere = product.highlight_video_provider === "youtube" || product.highlight_video_provider === "vimeo";
  return (
    <aside className="video-widget" aria-label="Highlight video">
      {embeddedElsewhere ? (
        <a href={url} target="_blank" rel="noreferrer">
          Watch on {product.highlight_video_provider === "youtube" ? "YouTube" : "Vimeo"}
        </a>
      ) : (
        <video src={url} poster={product.highlight_video_poster_url ?? undefined} muted loop playsInline controls width={180} />
      )}
    </aside>
  );
}

export function PreviewDialog({ product, open, onClose }: { product: Product; open: boolean; onClose: () => void }) {
  useDisplay();
  const gallery = useGallery(product.id);
  const variants = product.variants;
  const [variantId, setVariantId] = useState<string | undefined>(undefined);
  const selected = variants.find((v) => v.id === variantId) ?? variants[0];
  const items = (gallery.data ?? []).filter((i) => !i.product_variant_id || i.product_variant_id === selected?.id);
  const primary = items.find((i) => i.is_primary) ?? items[0];
  return (
    <Dialog title="Shopper preview" open={open} onClose={onClose}>
      <div className="preview">
        <div className="preview-gallery">
          {primary?.media_type === "image" && (
            <img
              src={primary.image_variants.find((v) => v.size === "medium")?.url ?? primary.url}
              alt={primary.alt ?? ""}
              srcSet={primary.srcset ?? undefined}
            />
          )}
          <ul aria-label="Preview gallery">
            {items.map((i) =>
              i.media_type === "image" ? (
                <li key={i.id}>
                  <img src={i.image_variants.find((v) => v.size === "thumbnail")?.url ?? i.url} alt={i.alt ?? ""} width={64} height={64} />
                </li>
              ) : (
                <li key={i.id}>
                  <a href={i.url}>Video</a>
                </li>
              ),
            )}
          </ul>
        </div>
        <div>
          <h3>{product.title}</h3>
          {product.brand && <p>{product.brand}</p>}
          {selected && <p className="price">{formatPrice(selected.price_cents)}</p>}
          {product.product_type === "variable" && variants.length > 0 && (
            <fieldset>
              <legend>Choose a variant</legend>
              {variants.map((v) => (
                <label key={v.id}>
                  <input type="radio" name="preview-variant" checked={selected?.id === v.id} onChange={() => setVariantId(v.id)} />
                  {v.title} {v.available ? "" : "(out of stock)"}
                </label>
              ))}
            </fieldset>
          )}
          {product.description && <p>{product.description}</p>}
        </div>
      </div>
      <HighlightVideo product={product} />
      <div className="actions">
        <button type="button" onClick={onClose}>
          Close preview
        </button>
      </div>
    </Dialog>
  );
}
