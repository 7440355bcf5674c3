// The product page: general fields, publish state, variants, gallery, specs, reviews, shopper preview, and a link
// to the product's inventory history (../product-inventory-history).
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { PageHeader } from "../../../components/common/page-header";
import { ErrorMessage, QueryState } from "../../../components/common/query-state";
import { useDeleteProduct, usePublishProduct, useProduct } from "../../../hooks/api/products";
import { GeneralSection } from "./components/general-section";
import { GallerySection } from "./components/gallery-section";
import { PreviewDialog } from "./components/preview-dialog";
import { ReviewsSection } from "./components/reviews-section";
import { SpecsSection } from "./components/specs-section";
import { VariantsSection } from "./components/variants-section";

export default function ProductDetail() {
  const { id = "" } = useParams();
  const product = useProduct(id);
  const publish = usePublishProduct(id);
  const remove = useDeleteProduct(id);
  const navigate = useNavigate();
  const [preview, setPreview] = useState(false);
  return (
    <QueryState query={product}>
      {(p) => (
        <article className="product">
          <PageHeader
            title={p.title}
            actions={
              <>
                <Link className="button" to={`/products/${p.id}/inventory-history`}>
                  Inventory history
                </Link>
                <button type="button" onClick={() => setPreview(true)}>
                  Preview
                </button>
                <button type="button" className="primary" disabled={publish.isPending} onClick={() => publish.mutate(p.status !== "live")}>
                  {p.status === "live" ? "Unpublish" : "Publish"}
                </button>
              </>
            }
          >
            <span className={`badge ${p.status}`}>{p.status === "live" ? "Live" : "Draft"}</span>
          </PageHeader>
          <ErrorMessage error={publish.error} />
          <GeneralSection product={p} />
          <VariantsSection product={p} />
          <GallerySection product={p} />
          <SpecsSection product={p} />
          <ReviewsSection product={p} />
          <section className="card danger-zone">
            <h2>Delete</h2>
            <p>Deleting removes the product with its variants, gallery and specs. Library files stay.</p>
            <ConfirmButton
              action="Delete"
              title={`Delete “${p.title}”?`}
              message="This cannot be undone."
              pending={remove.isPending}
              onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate("/products") })}
            >
              Delete product
            </ConfirmButton>
            <ErrorMessage error={remove.error} />
          </section>
          <PreviewDialog product={p} open={preview} onClose={() => setPreview(false)} />
        </article>
      )}
    </QueryState>
  );
}
