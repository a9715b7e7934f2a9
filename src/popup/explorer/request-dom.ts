/**
 * index.html's request line: the exact URL the explorer fetches, and buttons that copy it or a curl command
 * for it, with a word on how the copy went.
 */
import { byId } from "../../shared/page/dom.ts";
import { curlCommand } from "./request-url.ts";
import { messageOf } from "../../core/errors.ts";

export interface RequestLine {
  /** Shows a new request URL (`""` when none can be built); the last copy's word goes with the old one. */
  show(url: string): void;
}

export function bindRequestLine(copy: (text: string) => Promise<void>): RequestLine {
  const urlText = byId("request-url", HTMLElement);
  const copyStatus = byId("copy-status", HTMLElement);
  const onCopy = (what: string, text: () => string) => () => {
    copy(text()).then(
      () => (copyStatus.textContent = `${what} copied`),
      (e: unknown) => (copyStatus.textContent = `Could not copy: ${messageOf(e)}`),
    );
  };
  byId("copy-url", HTMLButtonElement).addEventListener(
    "click",
    onCopy("URL", () => urlText.textContent),
  );
  byId("copy-curl", HTMLButtonElement).addEventListener(
    "click",
    onCopy("curl command", () => curlCommand(urlText.textContent)),
  );
  return {
    show(url) {
      urlText.textContent = url;
      copyStatus.textContent = "";
    },
  };
}
