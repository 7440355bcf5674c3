// The product page: general fields, publish state, variants, gallery, specs, reviews, shopper preview.
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/common/dialog";
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
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [preview, setPreview] = useState(false);
  return (
    <QueryState query={product}>
      {(p) => (
        <article className="product">
          <div className="page-header">
            <h1>{p.title}</h1>
            <span className={`badge ${p.status}`}>{p.status === "live" ? "Live" : "Draft"}</span>
            <div className="actions">
              <button type="button" onClick={() => setPreview(true)}>
                Preview
              </button>
              <button type="button" className="primary" disabled={publish.isPending} onClick={() => publish.mutate(p.status !== "live")}>
                {p.status === "live" ? "Unpublish" : "Publish"}
              </button>
            </div>
          </div>
          <ErrorMessage error={publish.error} />
          <GeneralSection product={p} />
          <VariantsSection product={p} />
          <GallerySection product={p} />
          <SpecsSection product={p} />
          <ReviewsSection product={p} />
          <section className="card danger-zone">
            <h2>Delete</h2>
            <p>Deleting removes the product with its variants, gallery and specs. Library files stay.</p>
            <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
              Delete product
            </button>
          </section>
          <ConfirmDialog
            title={`Delete “${p.title}”?`}
            message="This cannot be undone."
            action="Delete"
            open={confirmDelete}
            pending={remove.isPending}
            onClose={() => setConfirmDelete(false)}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate("/products") })}
          />
          <ErrorMessage error={remove.error} />
          <PreviewDialog product={p} open={preview} onClose={() => setPreview(false)} />
        </article>
      )}
    </QueryState>
  );
}
