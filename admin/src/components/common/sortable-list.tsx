// An ordered list the user reorders (a product's gallery, a manual collection's products): drag and drop (dnd-kit,
// pointer and keyboard) on each item's drag handle, with "Move earlier" / "Move later" (./move-buttons) as the
// buttons that do the same. The list only reports moves; the caller shows and saves the new order.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Fragment, type ReactNode } from "react";

export function SortableList<T extends { id: string }>(props: {
  items: T[];
  /** The list's accessible name. */
  label: string;
  className: string;
  /** A move inside the list (never to the same place, never past an end). */
  onMove: (from: number, to: number) => void;
  /** One item: a <SortableItem>, given its position and a way to move it (for its move buttons). */
  children: (item: T, index: number, moveTo: (to: number) => void) => ReactNode;
}) {
  const { items, onMove } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (from >= 0 && to >= 0 && to < items.length && from !== to) onMove(from, to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over)
      move(
        items.findIndex((i) => i.id === active.id),
        items.findIndex((i) => i.id === over.id),
      );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className={props.className} aria-label={props.label}>
          {items.map((item, index) => (
            <Fragment key={item.id}>{props.children(item, index, (to) => move(index, to))}</Fragment>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** A list item of a SortableList with its drag handle ("Drag <label>") first. */
export function SortableItem(props: { id: string; label: string; className: string; children: ReactNode }) {
  const sortable = useSortable({ id: props.id });
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  return (
    <li ref={sortable.setNodeRef} style={style} className={props.className}>
      <button type="button" className="drag-handle" {...sortable.attributes} {...sortable.listeners} aria-label={`Drag ${props.label}`}>
        ⠿
      </button>
      {props.children}
    </li>
  );
}
