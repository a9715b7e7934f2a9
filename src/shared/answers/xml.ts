/**
 * Text for Chrome's omnibox suggestions, whose `description` Chrome parses as XML (`<match>`, `<dim>`,
 * `<url>`): a feature name such as `<dialog>` or a selection holding markup would otherwise be read as a tag,
 * or make the whole suggestion fail to parse. Firefox shows the description as plain text, so only the
 * Chromium surface calls this.
 */

/** Characters XML 1.0 does not allow at all (controls other than tab and newlines, U+FFFE, U+FFFF, lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** `text` as XML character data: the five special characters as entities, forbidden characters dropped. */
export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
