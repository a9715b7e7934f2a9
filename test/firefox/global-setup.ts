/**
 * Before the Firefox files run: the emulator on the e2e fixture dataset, and the extension built for Firefox
 * with that emulator as its default service (as the Chromium e2e setup does), into a folder of the tests' own
 * (FIREFOX_E2E_DIST, git-ignored), never the user's dist-firefox/.
 */
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildExtension } from "../../scripts/build-extension.ts";
import { REPO_ROOT } from "../../scripts/chromium.ts";
import { spawnEmulator } from "../../scripts/emulator-process.ts";
import { E2E_DATA } from "../e2e/global-setup.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Firefox build for these tests: the folder to install as a temporary add-on. */
    firefoxDir: string;
  }
}

/** Listed in .gitignore, .prettierignore and eslint.config.js. */
export const FIREFOX_E2E_DIST = join(REPO_ROOT, ".e2e-dist-firefox");

export default async function setup(project: TestProject): Promise<() => void> {
  const emulator = await spawnEmulator({ args: ["--data", E2E_DATA] });
  try {
    await buildExtension({ outDir: FIREFOX_E2E_DIST, baseUrl: emulator.baseUrl, browser: "firefox" });
  } catch (error) {
    emulator.stop();
    throw error;
  }
  project.provide("emulatorUrl", emulator.baseUrl);
  project.provide("firefoxDir", FIREFOX_E2E_DIST);
  return () => emulator.stop();
}
