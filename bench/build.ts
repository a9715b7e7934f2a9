// Builds the extension into a temporary folder with a given default service, for benchmarks in the browser.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { REPO_ROOT } from "../scripts/chromium.ts";

export async function buildAgainst(baseUrl: string): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const dist = await mkdtemp(join(tmpdir(), "rr-bench-dist-"));
  process.env.RR_DEFAULT_BASE_URL = baseUrl;
  process.env.RR_DEFAULT_PRODUCT = "browser";
  try {
    await build({
      root: REPO_ROOT,
      configFile: join(REPO_ROOT, "vite.config.ts"),
      logLevel: "silent",
      build: { outDir: dist, emptyOutDir: true },
    });
  } finally {
    delete process.env.RR_DEFAULT_BASE_URL;
    delete process.env.RR_DEFAULT_PRODUCT;
  }
  return { dist, cleanup: () => rm(dist, { recursive: true, force: true }) };
}
