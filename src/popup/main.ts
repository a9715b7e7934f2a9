/**
 * Popup entry: wiring only. The page's behaviour is popup.ts's; this passes it the extension's side
 * (extension-api.ts) and the parts it loads after the first paint, each through a dynamic `import()` so that
 * the first paint's script (budget 30 KB) carries none of them.
 *
 * The answer page (`?q=`) is opened for its answer: the asking module and the features data are asked for
 * at once, beside the first paint, rather than after it.
 */
import { FEATURES_FILE } from "../core/features/asset.ts";
import { extensionApi } from "./extension-api.ts";
import { createPopup } from "./popup.ts";

const answering = new URLSearchParams(location.search).has("q");
const askModule = answering ? import("./ask/ask-dom.ts") : null;
const featuresUrl = new URL(`/${FEATURES_FILE}`, location.href).href;
let prefetched: Promise<Response> | null = answering ? fetch(featuresUrl) : null;

/** The page's fetch, answering the first read of the features data with the read already on its way. */
const fetchOnce: typeof fetch = (input, init) => {
  const early = prefetched;
  prefetched = null;
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return early !== null && url === featuresUrl ? early : fetch(input, init);
};

await createPopup({
  api: extensionApi,
  parts: {
    banners: () => import("./glance/banners-dom.ts"),
    watch: () => import("./glance/watch-dom.ts"),
    schedule: () => import("./glance/schedule-dom.ts"),
    explorer: () => import("./explorer/explorer-dom.ts"),
    ask: () =>
      (askModule ?? import("./ask/ask-dom.ts")).then((ask) => ({
        openAsk: (...args: Parameters<typeof ask.openAsk>) =>
          ask.openAsk(args[0], args[1], args[2], args[3] ?? fetchOnce),
      })),
  },
  search: location.search,
});
