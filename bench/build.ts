// Builds the extension into a temporary folder with a given default service, for benchmarks in the browser.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildExtension } from "../scripts/build-extension.ts";
import { launchExtension, type LaunchedExtension } from "../scripts/chromium.ts";
import { spawnEmulator } from "../scripts/emulator-process.ts";

async function buildAgainst(baseUrl: string): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const dist = await mkdtemp(join(tmpdir(), "rr-bench-dist-"));
  await buildExtension({ outDir: dist, baseUrl, logLevel: "silent" });
  return { dist, cleanup: () => rm(dist, { recursive: true, force: true }) };
}

/**
 * `use` of the extension built (into `dist`) against an emulator started with `emulatorArgs` (at `baseUrl`)
 * and launched in Chromium;
 * the browser, the build and the emulator are gone afterwards, whatever `use` did. `files` are written into
 * the build before the launch: pages that exist for a bench only, never in dist/.
 */
export async function withBenchExtension<T>(
  emulatorArgs: readonly string[],
  use: (
    extension: LaunchedExtension,
    built: { readonly dist: string; readonly baseUrl: string },
  ) => Promise<T>,
  files: Readonly<Record<string, string>> = {},
): Promise<T> {
  const emulator = await spawnEmulator({ args: emulatorArgs });
  try {
    const { dist, cleanup } = await buildAgainst(emulator.baseUrl);
    try {
      for (const [name, text] of Object.entries(files)) await writeFile(join(dist, name), text);
      const extension = await launchExtension({ dist });
      try {
        return await use(extension, { dist, baseUrl: emulator.baseUrl });
      } finally {
        await extension.close();
      }
    } finally {
      await cleanup();
    }
  } finally {
    emulator.stop();
  }
}
