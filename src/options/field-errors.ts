/**
 * The errors beside the fields a person can get wrong: the text, `aria-invalid`, and the error joined to the
 * field's description, so a screen reader reads why along with the field. The rules are form.ts's.
 */
import { byId } from "../shared/page/dom.ts";
import type { FieldErrors } from "./form.ts";

/** Fields with an error element (index.html's `<key>-error`), in the page's order. */
const CHECKED_FIELDS = ["baseUrl", "scheduleUrl", "product", "platform", "channel", "pollMinutes"] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

/** The checked field named `name`, if it is one. */
export function checkedField(name: string): CheckedField | undefined {
  return CHECKED_FIELDS.find((key) => key === name);
}

/** Shows `message` beside the field `key` (its control has the same id), or clears it with null. */
export function showError(key: CheckedField, message: string | null): void {
  const field = byId(key, HTMLElement);
  const error = byId(`${key}-error`, HTMLParagraphElement);
  error.textContent = message ?? "";
  // Only a shown error is referenced: an empty one referenced would still be announced as nothing.
  const describedBy = [`${key}-hint`, ...(message === null ? [] : [error.id])];
  field.setAttribute("aria-describedby", describedBy.join(" "));
  if (message === null) field.removeAttribute("aria-invalid");
  else field.setAttribute("aria-invalid", "true");
}

/** Shows every field's error in `errors`, clears the others, and moves the focus to the first one shown. */
export function showErrors(errors: FieldErrors): void {
  for (const key of CHECKED_FIELDS) showError(key, errors[key] ?? null);
  const first = CHECKED_FIELDS.find((key) => errors[key] !== undefined);
  if (first !== undefined) byId(first, HTMLElement).focus();
}
