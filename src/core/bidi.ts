/**
 * Text from a service, made safe to put beside our own in one line: a right-to-left override in a channel id
 * (`beta\u202Egnp.exe`) would otherwise show as "betaexe.png" and reverse the "100%" after it into "%001".
 *
 * Explicit embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are dropped: in an id, a version
 * or a reason they only serve to disguise it, and an unmatched one would end the isolate early. What still
 * holds right-to-left letters or marks is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE
 * (https://www.unicode.org/reports/tr9/#Explicit_Directional_Isolates), which keeps its direction inside and
 * leaves the text around it as it is, in a title, a notification or a page alike. Plain left-to-right text
 * comes back unchanged.
 */

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms; the RTL blocks of
 * the supplementary planes) and marks (ALM, RLM, LRM).
 */
const DIRECTIONAL =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u061C\u200E\u200F\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

const FSI = "\u2068";
const PDI = "\u2069";

/** `text` without explicit bidi controls, isolated when it holds right-to-left letters or marks. */
export function isolate(text: string): string {
  const plain = text.replace(CONTROLS, "");
  return DIRECTIONAL.test(plain) ? `${FSI}${plain}${PDI}` : plain;
}
