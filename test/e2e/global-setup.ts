/**
 * Before the e2e files run: starts the emulator on a small fixture dataset (test/fixtures/e2e-releases.json)
 * and builds the extension with that emulator as its default service, the way `npm start` does, so every
 * file tests the same bundle against known data and no test touches the internet.
 *
 * The build goes to a folder of the tests' own (E2E_DIST, git-ignored), never to dist/: that is the user's,
 * from `npm run build` or `npm start`, and may be loaded in their Chrome. Tests find it through
 * `inject("extensionDir")`.
 */
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildExtension } from "../../scripts/build-extension.ts";
import { REPO_ROOT } from "../../scripts/chromium.ts";
import { spawnEmulator } from "../../scripts/emulator-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The emulator's base URL, `http://127.0.0.1:PORT/v1`. */
    emulatorUrl: string;
    /** The extension as built for these tests (E2E_DIST): the folder to load and to read the manifest of. */
    extensionDir: string;
  }
}

export const E2E_DATA = join(REPO_ROOT, "test", "fixtures", "e2e-releases.json");
/** Where the e2e build goes; listed in .gitignore, .prettierignore and eslint.config.js. */
export const E2E_DIST = join(REPO_ROOT, ".e2e-dist");

export default async function setup(project: TestProject): Promise<() => void> {
  const emulator = await spawnEmulator({ args: ["--data", E2E_DATA] });
  try {
    await buildExtension({ outDir: E2E_DIST, baseUrl: emulator.baseUrl });
  } catch (error) {
    emulator.stop();
    throw error;
  }
  project.provide("emulatorUrl", emulator.baseUrl);
  project.provide("extensionDir", E2E_DIST);
  return () => emulator.stop();
}
