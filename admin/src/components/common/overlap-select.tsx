// The one choice of how long a replaced secret keeps working after a rotation (an integration's key, an endpoint's
// signing secret): a combobox of "No time", "1 hour", "24 hours", "7 days", as seconds (the API takes 0..604800).
//
//   <OverlapSelect label="Keep the previous key working for" {...form.register("overlap", { valueAsNumber: true })} />
import type { ComponentPropsWithRef } from "react";
import { SelectField } from "./field";

const OVERLAPS = [
  [0, "No time"],
  [3600, "1 hour"],
  [86_400, "24 hours"],
  [604_800, "7 days"],
] as const;

export function OverlapSelect(props: { label: string } & ComponentPropsWithRef<"select">) {
  return <SelectField {...props} options={OVERLAPS} />;
}
