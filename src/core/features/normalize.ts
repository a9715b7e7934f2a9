/**
 * One spelling for comparing what people type with feature names and ids: lower case, and every run of
 * punctuation or space as one space. So `:has()`, `has` and `HAS` meet, and `View Transitions`,
 * `view-transitions` and `view_transitions` too. Both sides go through this one function, which is why the
 * asset holds names as written rather than normalized copies.
 */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * A camel-case name split into words first (`startViewTransition` -> `start view transition`, and an acronym
 * ends where the next word starts: `CSSContainerRule` -> `css container rule`), then normalized: compat
 * keys' segments are camel case, and people type them as words.
 */
export function normalizeName(text: string): string {
  const words = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2");
  return normalize(words);
}
