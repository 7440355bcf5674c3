// "Move earlier" / "Move later" for one item of an ordered list (a gallery, a manual collection): the buttons that
// do what drag and drop does, disabled at the ends.
export function MoveButtons(props: { index: number; count: number; onMove: (to: number) => void }) {
  return (
    <>
      <button type="button" disabled={props.index === 0} onClick={() => props.onMove(props.index - 1)}>
        Move earlier
      </button>
      <button type="button" disabled={props.index === props.count - 1} onClick={() => props.onMove(props.index + 1)}>
        Move later
      </button>
    </>
  );
}
