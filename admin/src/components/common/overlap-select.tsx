// The one choice of how long a replaced secret keeps working after a rotation (an integration's key, an endpoint's
// signing secret): a combobox of "No time", "1 hour", "24 hours", "7 days", as seconds (the API takes 0..604800).
import { useId } from "react";

const OVERLAPS = [
  ["No time", 0],
  ["1 hour", 3600],
  ["24 hours", 86_400],
  ["7 days", 604_800],
] as const;

export function OverlapSelect(props: { label: string; value: number; onChange: (seconds: number) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        {OVERLAPS.map(([label, seconds]) => (
          <option key={seconds} value={seconds}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
