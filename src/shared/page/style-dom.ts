/**
 * Puts a stylesheet's text (a `?inline` CSS import) into the page. The explorer and its chart bring their
 * rules this way, not as CSS imports: a CSS import of a lazily loaded module makes the bundler add its
 * preload helper (some 2 KB) to the first paint's script, which the popup's 30 KB budget has not got.
 */
export function addStyle(css: string): void {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
}
