/** The popup page's markup (index.html), for tests that draw into it in a test DOM. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const HTML = readFileSync(join(import.meta.dirname, "../../../src/popup/index.html"), "utf8");
/** The page's body only: the head's stylesheet import would make the test DOM try to fetch it. */
const BODY = HTML.slice(HTML.indexOf("<body>"), HTML.indexOf("</body>") + "</body>".length);

/** Puts a fresh copy of the popup's body in the test DOM's document, with the page not yet laid out. */
export function freshPopupBody(): void {
  document.body.replaceWith(new DOMParser().parseFromString(BODY, "text/html").body);
  delete document.documentElement.dataset.mode;
}
