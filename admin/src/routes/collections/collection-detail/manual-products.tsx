// A manual collection's products in their order: drag and drop with "Move earlier" / "Move later" as its button
// equivalent (the shared SortableList), "Remove" (confirmed), and "Add products"; what the last change did is said
// beside "Add products" ("Saved" or the error). Every change sends the whole order (PUT .../products), so what the
// screen shows is exactly what the API stores.
import { arrayMove } from "@dnd-kit/sortable";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { MoveButtons } from "../../../components/common/move-buttons";
import { Empty } from "../../../components/common/query-state";
import { SaveStatus } from "../../../components/common/save-status";
import { SortableItem, SortableList } from "../../../components/common/sortable-list";
import { useRemoveCollectionProduct, useSetCollectionProducts } from "../../../hooks/api/collections";
import { useShownOrder } from "../../../hooks/use-shown-order";
import { AddProductsDialog } from "./add-products-dialog";

interface Member {
  id: string;
  title: string;
  status: string;
}

function MemberRow(props: { member: Member; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { member, index, count } = props;
  return (
    <SortableItem id={member.id} label={member.title} className="collection-member">
      <Link to={`/products/${member.id}`}>{member.title}</Link>
      {member.status === "draft" && <span className="badge draft">Draft</span>}
      <span className="actions">
        <MoveButtons index={index} count={count} onMove={props.onMove} />
        <ConfirmButton
          action="Remove"
          title={`Remove “${member.title}” from this collection?`}
          message="It leaves this collection only; the product stays in the catalog."
          onConfirm={props.onRemove}
        />
      </span>
    </SortableItem>
  );
}

export function ManualProducts({ collectionId, products, refreshing }: { collectionId: string; products: Member[]; refreshing: boolean }) {
  const setMembers = useSetCollectionProducts(collectionId);
  const remove = useRemoveCollectionProduct(collectionId);
  const [order, setOrder] = useShownOrder(products, setMembers.isPending || remove.isPending || refreshing);
  const [adding, setAdding] = useState(false);
  const save = (next: Member[]) => {
    setOrder(next); // shown at once; the server's order replaces it once the PUT and its refetch are answered
    setMembers.mutate(next.map((m) => m.id));
  };
  return (
    <>
      <div className="toolbar">
        <button type="button" onClick={() => setAdding(true)}>
          Add products
        </button>
        <SaveStatus state={remove.submittedAt > setMembers.submittedAt ? remove : setMembers} />
      </div>
      <AddProductsDialog open={adding} memberIds={new Set(order.map((m) => m.id))} onAdd={(p) => save([...order, p])} onClose={() => setAdding(false)} />
      {order.length === 0 ? (
        <Empty>No products in this collection yet.</Empty>
      ) : (
        <SortableList items={order} label="Products in this collection" className="collection-members" onMove={(from, to) => save(arrayMove(order, from, to))}>
          {(m, index, moveTo) => (
            <MemberRow
              member={m}
              index={index}
              count={order.length}
              onMove={moveTo}
              onRemove={() => (setOrder(order.filter((o) => o.id !== m.id)), remove.mutate(m.id))}
            />
          )}
        </SortableList>
      )}
    </>
  );
}
