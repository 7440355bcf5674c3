// Collections: every collection of the store with its kind and product count, a page at a time (the page in the
// URL), and "New collection".
import { useState } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/common/data-table";
import { useListParams } from "../../../components/common/list-params";
import { Pager } from "../../../components/common/pager";
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
      <div className="page-header">
        <h1>Collections</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          New collection
        </button>
      </div>
      <NewCollectionDialog open={creating} onClose={() => setCreating(false)} />
      <DataTable
        label="Collections"
        columns={columns}
        rows={collections.data?.data}
        rowKey={(c) => c.id}
        loading={collections.isPending}
        busy={collections.isPlaceholderData}
        error={collections.error}
        empty="No collections yet. Group products for the storefront's navigation, by hand or by rules."
        pager={<Pager pagination={collections.data?.pagination} onOffset={list.setOffset} busy={collections.isPlaceholderData} />}
      />
    </section>
  );
}
