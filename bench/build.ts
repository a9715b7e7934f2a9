// Builds the extension into a temporary folder with a given default service, for benchmarks in the browser.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildExtension } from "../scripts/build-extension.ts";

export async function buildAgainst(baseUrl: string): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const dist = await mkdtemp(join(tmpdir(), "rr-bench-dist-"));
  await buildExtension({ outDir: dist, baseUrl, logLevel: "silent" });
  return { dist, cleanup: () => rm(dist, { recursive: true, force: true }) };
}
