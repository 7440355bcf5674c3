// Collections: every collection of the store with its kind and product count, and "New collection".
import { useState } from "react";
import { Link } from "react-router";
import { Empty, ErrorMessage, Loading } from "../../../components/common/query-state";
import { useCollections } from "../../../hooks/api/collections";
import { formatDate } from "../../../lib/format";
import { NewCollectionDialog } from "./new-collection-dialog";

export default function CollectionList() {
  const collections = useCollections();
  const [creating, setCreating] = useState(false);
  const rows = collections.data?.data ?? [];
  return (
    <section>
      <div className="page-header">
        <h1>Collections</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          New collection
        </button>
      </div>
      <NewCollectionDialog open={creating} onClose={() => setCreating(false)} />
      <ErrorMessage error={collections.error} />
      {collections.isPending ? (
        <Loading label="Loading collections…" />
      ) : rows.length === 0 ? (
        <Empty>No collections yet. Group products for the storefront's navigation, by hand or by rules.</Empty>
      ) : (
        <table>
          <caption className="visually-hidden">Collections</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">Products</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/collections/${c.id}`}>{c.title}</Link>
                </td>
                <td>{c.kind === "manual" ? "Manual" : "Automatic"}</td>
                <td>{c.product_count}</td>
                <td>{formatDate(c.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
