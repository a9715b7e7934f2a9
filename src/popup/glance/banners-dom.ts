/**
 * Draws the popup's banners (problems.ts) into `#banners`: the message as text, the details behind a
 * "Details" disclosure, and a Retry that retries every part the banner stands for. Loaded after the first
 * paint: the version's own tag says at once that something is wrong; the sentence follows. An error banner is an
 * alert, so a screen reader says it when it appears; a banner that stays (the clock redraws its "in 2 min")
 * keeps its element, so it is not announced again and an open disclosure stays open.
 */
import { byId, el } from "../../shared/page/dom.ts";
import { banners, type Problem, type Source } from "./problems.ts";

export interface BannerUi {
  /** What is failing now; one banner is drawn per cause. */
  readonly problems: readonly Problem[];
  /** host[:port] of the service, for the sentences. */
  readonly host: string;
  readonly now: number;
  /** A stale-data warning (not a failure), when there is one. */
  readonly stale: string | null;
  /** Sources being retried right now (a banner all of whose sources are, has its Retry disabled). */
  readonly retrying: ReadonlySet<Source>;
}

interface Drawn {
  readonly root: HTMLElement;
  readonly message: HTMLElement;
  readonly details: HTMLElement;
  readonly button: HTMLButtonElement;
}

/** Returns the function that draws the banners; `retry` is called with a banner's sources. */
export function createBanners(retry: (sources: readonly Source[]) => void): (ui: BannerUi) => void {
  const box = byId("banners", HTMLElement);
  let drawn = new Map<string, Drawn>();
  const stale = el("div", { class: "banner stale", role: "status" });
  return (ui) => {
    const next = new Map<string, Drawn>();
    for (const banner of banners(ui.problems, ui.host, ui.now)) {
      const key = banner.sources.join(" ");
      const d = drawn.get(key) ?? create(banner.sources);
      d.message.textContent = banner.message;
      d.details.textContent = banner.details;
      d.button.disabled = banner.sources.every((s) => ui.retrying.has(s));
      next.set(key, d);
    }
    const children = [...[...next.values()].map((d) => d.root), ...(ui.stale ? [stale] : [])];
    drawn = next;
    stale.textContent = ui.stale ?? "";
    // Moving a node that stays would re-announce it: the list is rebuilt only when its members change.
    const same = children.length === box.children.length && children.every((c, i) => box.children[i] === c);
    if (!same) box.replaceChildren(...children);
  };

  function create(sources: readonly Source[]): Drawn {
    const message = el("p", { class: "message" });
    const details = el("pre");
    const button = el("button", { type: "button" }, "Retry");
    button.addEventListener("click", () => retry(sources));
    const root = el(
      "div",
      { class: "banner error", role: "alert", "data-sources": sources.join(" ") },
      message,
      button,
      el("details", {}, el("summary", {}, "Details"), details),
    );
    return { root, message, details, button };
  }
}
