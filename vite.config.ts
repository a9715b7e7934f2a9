/**
 * Builds the extension into dist/ with crxjs, which reads the manifest, bundles every entry it names
 * (service worker, popup, options page) and rewrites their paths in the emitted manifest.json.
 *
 * `RR_DEFAULT_BASE_URL` / `RR_DEFAULT_PRODUCT` (from the environment or a .env file) become compile-time
 * constants read by src/shared/store/build-defaults.ts; `npm start` sets them to point the build at the emulator.
 */
import { crx } from "@crxjs/vite-plugin";
import { defineConfig, loadEnv } from "vite";
import { buildManifest, readBuildSettings } from "./manifest.config.ts";
import { featuresAsset } from "./scripts/features-asset.ts";
import { usageAsset } from "./scripts/usage-asset.ts";
import { markupModules } from "./scripts/markup-module.ts";
import { noPreloadHelper } from "./scripts/no-preload-helper.ts";
import { popupOwnCopies } from "./scripts/popup-own-copies.ts";

/** A `define` replacement is source text: an unset setting must become the expression `undefined`. */
const literal = (value: string | undefined): string =>
  value === undefined ? "undefined" : JSON.stringify(value);

export default defineConfig(({ mode }) => {
  const settings = readBuildSettings(loadEnv(mode, import.meta.dirname, "RR_"));
  // `--mode firefox` (npm run build:firefox) builds the Firefox add-on into dist-firefox/; any other mode
  // builds for Chromium into dist/.
  const browser = mode === "firefox" ? "firefox" : "chrome";
  return {
    // The popup's first paint in one file, with no preload helper: scripts/popup-own-copies.ts and
    // scripts/no-preload-helper.ts say why.
    // The features asset (features.json) for asking: scripts/features-asset.ts. Markup the first paint does
    // not show is compiled into its module: scripts/markup-module.ts.
    plugins: [
      markupModules(),
      popupOwnCopies(),
      noPreloadHelper(),
      featuresAsset(),
      usageAsset(),
      crx({ manifest: buildManifest(settings, browser), browser }),
    ],
    // Explicit defines rather than widening `envPrefix`: only these values reach the bundle, checked.
    define: {
      "import.meta.env.RR_DEFAULT_BASE_URL": literal(settings.baseUrl),
      "import.meta.env.RR_DEFAULT_PRODUCT": literal(settings.product),
      "import.meta.env.RR_DEFAULT_SCHEDULE_URL": literal(settings.scheduleUrl),
      "import.meta.env.RR_DEFAULT_USAGE_URL": literal(settings.usageUrl),
      // The browser the build is for: the worker's omnibox escapes its suggestions only for Chromium (asking.ts).
      "import.meta.env.RR_TARGET_BROWSER": literal(browser),
    },
    build: {
      outDir: browser === "firefox" ? "dist-firefox" : "dist",
      emptyOutDir: true,
      // Chrome 116+ and Firefox 142+ only (the manifest's minimums): no legacy syntax lowering needed.
      target: "esnext",
      // Extension pages load from disk in browsers that all have modulepreload; the polyfill is dead weight.
      modulePreload: false,
    },
    server: {
      // Bind loopback by address only. crxjs 3's dev loader still imports from http://localhost:5173, which
      // Chromium resolves to loopback without asking the system resolver, so it reaches this server.
      host: "127.0.0.1",
      port: 5173,
      strictPort: true,
      hmr: { host: "127.0.0.1", port: 5173 },
    },
  };
});
