// "Add products": search the catalog (title or SKU) and add products to the end of a manual collection.
import { useDeferredValue, useState } from "react";
import { Dialog } from "../../../components/common/dialog";
import { ErrorMessage, Loading } from "../../../components/common/query-state";
import { useProducts } from "../../../hooks/api/products";

interface Picked {
  id: string;
  title: string;
  status: string;
}

export function AddProductsDialog(props: { open: boolean; memberIds: Set<string>; onAdd: (p: Picked) => void; onClose: () => void }) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const products = useProducts({ search: deferred, includeDrafts: true, cursor: null });
  const rows = (products.data?.data ?? []).filter((p) => !props.memberIds.has(p.id));
  return (
    <Dialog title="Add products" open={props.open} onClose={props.onClose}>
      <input type="search" aria-label="Search products" placeholder="Search by title or SKU" value={search} onChange={(e) => setSearch(e.target.value)} />
      <ErrorMessage error={products.error} />
      {products.isPending ? (
        <Loading label="Loading products…" />
      ) : (
        <ul aria-label="Products to add">
          {rows.map((p) => (
            <li key={p.id}>
              {p.title}{" "}
              <button type="button" onClick={() => props.onAdd({ id: p.id, title: p.title, status: p.status })} aria-label={`Add ${p.title}`}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" onClick={props.onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
