// One collection: its title and kind; a manual collection's products in order (drag and drop, or "Move earlier" /
// "Move later"), "Add products" and "Remove"; an automatic collection's rules and the products matching them now.
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/common/dialog";
import { ErrorMessage, Loading } from "../../../components/common/query-state";
import { useCollection, useCollectionProducts, useDeleteCollection } from "../../../hooks/api/collections";
import { ManualProducts } from "./manual-products";

export default function CollectionDetail() {
  const { id = "" } = useParams();
  const collection = useCollection(id);
  const products = useCollectionProducts(id);
  const remove = useDeleteCollection(id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (collection.error) return <ErrorMessage error={collection.error} />;
  if (!collection.data) return <Loading />;
  const c = collection.data;
  return (
    <section>
      <div className="page-header">
        <h1>{c.title}</h1>
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Delete collection
        </button>
      </div>
      <ConfirmDialog
        title="Delete collection"
        message={`Delete “${c.title}”? Its products stay in the catalog.`}
        action="Delete collection"
        open={confirming}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate("/collections") })}
        onClose={() => setConfirming(false)}
      />
      <p>
        {c.kind === "manual" ? "Manual" : "Automatic"} collection · /{c.slug} · {c.product_count} products
      </p>
      {c.kind === "automatic" && c.rules && (
        <p>
          Products matching {c.rules.match === "all" ? "all" : "any"} of:{" "}
          {c.rules.conditions.map((r) => `${r.field} ${r.op.replace("_", " ")} ${r.value}`).join("; ")}
        </p>
      )}
      <ErrorMessage error={products.error} />
      {!products.data ? (
        <Loading label="Loading products…" />
      ) : c.kind === "manual" ? (
        <ManualProducts collectionId={c.id} products={products.data} />
      ) : (
        <ul aria-label="Products in this collection">
          {products.data.map((p) => (
            <li key={p.id}>{p.title}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
