/**
 * The popup page after its first paint: popup.ts's behaviour given the extension's side (extension-api.ts)
 * and the parts it loads later, each through a dynamic `import()`. Loaded by main.ts once the first paint's
 * frame is done (at once on a first open, which has nothing to paint before storage answers).
 */
import type { WorkerAnswer } from "../shared/page/messages.ts";
import { extensionApi } from "./extension-api.ts";
import { createPopup } from "./popup.ts";

export interface PageStart {
  /** The page's query (`location.search`). */
  readonly search: string;
  /** Settles once the first paint's frame is done; absent when main.ts drew nothing. */
  readonly painted?: Promise<void>;
  /** On the answer page, the worker's first answer being drawn (ask/first-answer.ts). */
  readonly early?: Promise<WorkerAnswer | null>;
}

export async function startPage({ search, painted, early }: PageStart): Promise<void> {
  // The asking module comes after the worker's answer is drawn: loading it beside the answer delayed it.
  const askPart = () => import("./ask/ask-dom.ts");
  const askModule = early?.then(askPart, askPart);
  await createPopup({
    api: extensionApi,
    parts: {
      banners: () => import("./glance/banners-dom.ts"),
      watch: () => import("./glance/watch-dom.ts"),
      schedule: () => import("./glance/schedule-dom.ts"),
      explorer: () => import("./explorer/open-explorer.ts"),
      tracked: () => import("./tracked/tracked-dom.ts"),
      ask: () =>
        (askModule ?? askPart()).then((ask) => ({
          openAsk: (api, stored, q, options) => ask.openAsk(api, stored, q, { ...options, early }),
        })),
    },
    search,
    ...(early ? { firstAnswer: early } : {}),
    ...(painted ? { painted } : {}),
  });
}
