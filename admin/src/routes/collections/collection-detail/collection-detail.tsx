// One collection: its title and kind; a manual collection's products in order (drag and drop, or "Move earlier" /
// "Move later"), "Add products" and "Remove"; an automatic collection's rules and the products matching them now;
// its custom fields.
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { DataTable } from "../../../components/common/data-table";
import { PageHeader } from "../../../components/common/page-header";
import { ErrorMessage, Loading } from "../../../components/common/query-state";
import { useCollection, useCollectionProducts, useDeleteCollection } from "../../../hooks/api/collections";
import { CollectionFields } from "./collection-fields";
import { ManualProducts } from "./manual-products";

type Member = NonNullable<ReturnType<typeof useCollectionProducts>["data"]>[number];

/** An automatic collection's products matching its rules now. */
const MATCHING_COLUMNS = [
  { key: "title", header: "Title", cell: (p: Member) => <Link to={`/products/${p.id}`}>{p.title}</Link> },
  { key: "status", header: "Status", cell: (p: Member) => (p.status === "draft" ? "Draft" : "Live") },
];

export default function CollectionDetail() {
  const { id = "" } = useParams();
  const collection = useCollection(id);
  const products = useCollectionProducts(id);
  const remove = useDeleteCollection(id);
  const navigate = useNavigate();
  if (collection.error) return <ErrorMessage error={collection.error} />;
  if (!collection.data) return <Loading />;
  const c = collection.data;
  return (
    <section>
      <PageHeader
        title={c.title}
        actions={
          <ConfirmButton
            action="Delete collection"
            title="Delete collection"
            message={`Delete “${c.title}”? Its products stay in the catalog.`}
            pending={remove.isPending}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate("/collections") })}
          />
        }
      />
      <ErrorMessage error={remove.error} />
      <p>
        {c.kind === "manual" ? "Manual" : "Automatic"} collection · /{c.slug} · {c.product_count} products
      </p>
      {c.kind === "automatic" && c.rules && (
        <p>
          Products matching {c.rules.match === "all" ? "all" : "any"} of:{" "}
          {c.rules.conditions.map((r) => `${r.field} ${r.op.replace("_", " ")} ${r.value}`).join("; ")}
        </p>
      )}
      <CollectionFields key={c.id} collection={c} />
      {c.kind === "manual" ? (
        <>
          <ErrorMessage error={products.error} />
          {products.data ? (
            <ManualProducts collectionId={c.id} products={products.data} refreshing={products.isFetching} />
          ) : (
            !products.error && <Loading label="Loading products…" />
          )}
        </>
      ) : (
        <DataTable
          label="Products in this collection"
          columns={MATCHING_COLUMNS}
          rows={products.data}
          rowKey={(p) => p.id}
          loading={products.isPending}
          error={products.error}
          empty="No product matches these rules yet."
        />
      )}
    </section>
  );
}
