// A manual collection's products in their order: drag and drop (dnd-kit, keyboard sensor included) with
// "Move earlier" / "Move later" as its button equivalent, "Remove" (confirmed), and "Add products"; what the last
// change did is said beside "Add products" ("Saved" or the error). Every change sends the
// whole order (PUT .../products), so what the screen shows is exactly what the API stores.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmButton } from "../../../components/common/confirm-button";
import { MoveButtons } from "../../../components/common/move-buttons";
import { Empty } from "../../../components/common/query-state";
import { SaveStatus } from "../../../components/common/save-status";
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
  const sortable = useSortable({ id: member.id });
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  return (
    <li ref={sortable.setNodeRef} style={style} className="collection-member">
      <button type="button" className="drag-handle" {...sortable.attributes} {...sortable.listeners} aria-label={`Drag ${member.title}`}>
        ⠿
      </button>
      <Link to={`/products/${member.id}`}>{member.title}</Link>
      {member.status === "draft" && <span className="badge draft">Draft</span>}
      <span className="actions">
        <MoveButtons index={index} count={count} onMove={props.onMove} />
        <ConfirmButton
          title={`Remove “${member.title}” from this collection?`}
          message="It leaves this collection only; the product stays in the catalog."
          action="Remove"
          onConfirm={props.onRemove}
        >
          Remove
        </ConfirmButton>
      </span>
    </li>
  );
}

export function ManualProducts({ collectionId, products, refreshing }: { collectionId: string; products: Member[]; refreshing: boolean }) {
  const setMembers = useSetCollectionProducts(collectionId);
  const remove = useRemoveCollectionProduct(collectionId);
  const [order, setOrder] = useShownOrder(products, setMembers.isPending || remove.isPending || refreshing);
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const save = (next: Member[]) => {
    setOrder(next); // shown at once; the server's order replaces it once the PUT and its refetch are answered
    setMembers.mutate(next.map((m) => m.id));
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    save(arrayMove(order, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(order.findIndex((m) => m.id === active.id), order.findIndex((m) => m.id === over.id));
  };
  return (
    <>
      <div className="toolbar">
        <button type="button" onClick={() => setAdding(true)}>
          Add products
        </button>
        <SaveStatus state={remove.submittedAt > setMembers.submittedAt ? remove : setMembers} />
      </div>
      <AddProductsDialog
        open={adding}
        memberIds={new Set(order.map((m) => m.id))}
        onAdd={(p) => save([...order, p])}
        onClose={() => setAdding(false)}
      />
      {order.length === 0 ? (
        <Empty>No products in this collection yet.</Empty>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((m) => m.id)} strategy={verticalListSortingStrategy}>
            <ol className="collection-members" aria-label="Products in this collection">
              {order.map((m, index) => (
                <MemberRow
                  key={m.id}
                  member={m}
                  index={index}
                  count={order.length}
                  onMove={(to) => move(index, to)}
                  onRemove={() => (setOrder(order.filter((o) => o.id !== m.id)), remove.mutate(m.id))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </>
  );
}
