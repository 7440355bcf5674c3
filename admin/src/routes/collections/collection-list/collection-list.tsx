// Collections: every collection of the store with its kind and product count, a page at a time (the page in the
// URL), and "New collection".
import { useState } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { PageHeader } from "../../../components/common/page-header";
import { type Collection, useCollections } from "../../../hooks/api/collections";
import { formatDate } from "../../../lib/format";
import { NewCollectionDialog } from "./new-collection-dialog";

const columns = [
  { key: "title", header: "Title", cell: (c: Collection) => <Link to={`/collections/${c.id}`}>{c.title}</Link> },
  { key: "kind", header: "Kind", cell: (c: Collection) => (c.kind === "manual" ? "Manual" : "Automatic") },
  { key: "products", header: "Products", cell: (c: Collection) => c.product_count },
  { key: "updated", header: "Updated", cell: (c: Collection) => formatDate(c.updated_at) },
];

export default function CollectionList() {
  const list = useListParams({});
  const collections = useCollections(list.offset);
  const [creating, setCreating] = useState(false);
  return (
    <section>
      <PageHeader
        title="Collections"
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New collection
          </button>
        }
      />
      {creating && <NewCollectionDialog onClose={() => setCreating(false)} />}
      <DataTable
        label="Collections"
        columns={columns}
        query={collections}
        onOffset={list.setOffset}
        rowKey={(c) => c.id}
        empty="No collections yet. Group products for the storefront's navigation, by hand or by rules."
      />
    </section>
  );
}
