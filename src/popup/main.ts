/**
 * Popup entry: wiring only. The page's behaviour is popup.ts's; this passes it the extension's side
 * (extension-api.ts) and the parts it loads after the first paint, each through a dynamic `import()` so that
 * the first paint's script (budget 30 KB) carries none of them.
 */
import { extensionApi } from "./extension-api.ts";
import { createPopup } from "./popup.ts";

await createPopup({
  api: extensionApi,
  parts: {
    banners: () => import("./glance/banners-dom.ts"),
    watch: () => import("./glance/watch-dom.ts"),
    schedule: () => import("./glance/schedule-dom.ts"),
    explorer: () => import("./explorer/explorer-dom.ts"),
    ask: () => import("./ask/ask-dom.ts"),
  },
  search: location.search,
});
