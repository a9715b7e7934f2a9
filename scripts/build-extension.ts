/**
 * Builds the extension into a folder with another service as its default (the emulator), the way `npm
 * start`, the browser tests and the benchmarks each need it. The defaults reach the build through the
 * environment variables vite.config.ts reads, set for this build only.
 */
import { join } from "node:path";
import { build } from "vite";
import { REPO_ROOT } from "./chromium.ts";

export async function buildExtension(options: {
  /** Where the built extension goes; emptied first. */
  readonly outDir: string;
  /** The default service's base URL, baked in. */
  readonly baseUrl: string;
  /** The default product id, baked in; the emulator answers to the documentation's `browser`. */
  readonly product?: string;
  readonly logLevel?: "warn" | "silent";
  /** The browser it is for (vite.config.ts's mode); Chromium unless said. */
  readonly browser?: "chrome" | "firefox";
}): Promise<void> {
  process.env.RR_DEFAULT_BASE_URL = options.baseUrl;
  process.env.RR_DEFAULT_PRODUCT = options.product ?? "browser";
  try {
    await build({
      root: REPO_ROOT,
      configFile: join(REPO_ROOT, "vite.config.ts"),
      ...(options.browser === "firefox" ? { mode: "firefox" } : {}),
      logLevel: options.logLevel ?? "warn",
      build: { outDir: options.outDir, emptyOutDir: true },
    });
  } finally {
    delete process.env.RR_DEFAULT_BASE_URL;
    delete process.env.RR_DEFAULT_PRODUCT;
  }
}
