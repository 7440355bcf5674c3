// A combobox for choices too many for a select (currencies, countries, SKUs, customers): React Aria Components'
// ComboBox (a maintained accessible component: the keyboard, the listbox's active option and the announcements are
// its own, nothing here handles keys), in the console's field frame: the label, the hint, and the form's error for
// `name` under it (FieldError), the input carrying `aria-invalid` and `aria-describedby` as every field's control.
//
//   <ComboField label="Currency" name="currency" options={CURRENCY_CHOICES} value={currency}
//     onChange={(code) => form.setValue("currency", code, { shouldDirty: true })} />
//
// `options` are filtered as the user types (any part of the label); with `search` the caller filters them itself
// (a search asked of the API as `inputValue` changes) and may let the typed text stand as the value
// (`allowsCustomValue`, a SKU the list does not offer: the API says whether it is one). Inside a modal <dialog> the
// listbox is portalled into that dialog (the top layer would cover one portalled into the body).
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { FieldError, useFieldError } from "../forms/field-error";
import type { Choice } from "../../lib/money";

export interface ComboChoice extends Choice {
  /** What the input shows once chosen (default: the label). */
  text?: string;
}

export function ComboField(props: {
  label: string;
  /** The form field whose error shows under it (the API's errors[].path of that name). */
  name?: string;
  hint?: ReactNode;
  options: ComboChoice[];
  /** The chosen option's id ("" for none). */
  value: string;
  onChange: (id: string) => void;
  /** The typed text, when the caller holds it (a search, or a custom value). */
  inputValue?: string;
  onInputChange?: (text: string) => void;
  /** The caller filters `options` itself (an API search): they are shown as given. */
  search?: boolean;
  allowsCustomValue?: boolean;
  /** The label for assistive technology only (a grid's cell, named by its row and column). */
  labelHidden?: boolean;
  placeholder?: string;
  required?: boolean;
  busy?: boolean;
  /** Focus the input when shown (a picker shown again after each choice). */
  autoFocus?: boolean;
  className?: string;
  /** Shown in the open listbox when nothing matches. */
  empty?: string;
}) {
  const id = useId();
  const message = useFieldError(props.name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : "", message ? errorId : ""].filter(Boolean).join(" ") || undefined;
  // The modal dialog around, if any: the listbox must be in the same top layer to be seen and used.
  const frame = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState<Element | undefined>(undefined);
  useLayoutEffect(() => setContainer(frame.current?.closest("dialog") ?? undefined), []);
  const items = props.search ? { items: props.options } : { defaultItems: props.options };
  // Escape while the listbox is open closes the listbox only: React Aria lets it go on (with a typed value or a
  // choice held), and the dialog around would then close or ask to.
  const open = useRef(false);
  const escapeClosesList = useRef(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction of its own; it keeps the listbox's Escape from reaching the dialog around
    <div
      ref={frame}
      className={props.className ?? "field combo-field"}
      onKeyDownCapture={(e) => {
        escapeClosesList.current = e.key === "Escape" && open.current;
      }}
      onKeyDown={(e) => {
        if (!escapeClosesList.current) return;
        escapeClosesList.current = false;
        e.preventDefault();
        e.stopPropagation();
      }}
    >
      <ComboBox
        {...items}
        onOpenChange={(isOpen) => {
          open.current = isOpen;
        }}
        className="combo-box"
        selectedKey={props.value === "" ? null : props.value}
        onSelectionChange={(key) => props.onChange(key === null ? "" : String(key))}
        {...(props.inputValue !== undefined ? { inputValue: props.inputValue, onInputChange: props.onInputChange } : {})}
        allowsCustomValue={props.allowsCustomValue}
        allowsEmptyCollection
        menuTrigger="input"
        // The form's error (aria-invalid), never the browser's constraint validation, which would block the next submit.
        validationBehavior="aria"
        isInvalid={Boolean(message)}
        isRequired={props.required}
        autoFocus={props.autoFocus}
        aria-describedby={describedBy}
      >
        <Label className={props.labelHidden ? "visually-hidden" : undefined}>{props.label}</Label>
        <div className="combo-control">
          <Input placeholder={props.placeholder} aria-busy={props.busy || undefined} />
          <Button className="combo-toggle" aria-label={`Show choices for ${props.label}`}>
            <span aria-hidden="true">▾</span>
          </Button>
        </div>
        <Popover className="combo-popover" placement="bottom start" UNSTABLE_portalContainer={container}>
          <ListBox<ComboChoice> className="combo-list" renderEmptyState={() => <p className="combo-empty">{props.empty ?? "No match"}</p>}>
            {(item) => (
              <ListBoxItem id={item.id} textValue={item.text ?? item.label} className="combo-option">
                {item.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {props.hint && (
        <small id={hintId} className="hint">
          {props.hint}
        </small>
      )}
      {props.name && <FieldError name={props.name} id={errorId} />}
    </div>
  );
}
