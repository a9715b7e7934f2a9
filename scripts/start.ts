/**
 * `npm start`: the extension on the bundled data, with no internet (issue 2, section 5).
 *  1. starts the emulator with the bundled dataset (port 8787, or any free port when that one is taken);
 *  2. builds the extension with the emulator's URL and product `browser` baked into its default settings;
 *  3. opens Chromium with the extension loaded. With a display it stays open until you close it. Without one
 *     (a server, CI) it runs headless, prints what the toolbar badge shows, saves a screenshot of the popup,
 *     and exits.
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { build } from "vite";
import { ARTIFACTS, REPO_ROOT, launchExtension, openExtensionPage, readAction } from "./chromium.ts";
import { spawnEmulator, type EmulatorProcess } from "./emulator-process.ts";

const PREFERRED_PORT = 8787;
const BADGE_TIMEOUT_MS = 20_000;

async function startEmulator(): Promise<EmulatorProcess> {
  try {
    return await spawnEmulator({ port: PREFERRED_PORT });
  } catch (error) {
    // Most likely the port is taken (an emulator from an earlier run?): any free port does as well.
    console.log(`port ${PREFERRED_PORT} unavailable (${String(error).split("\n")[0]}); using a free port`);
    return spawnEmulator({ port: 0 });
  }
}

/** `--out-dir DIR` builds elsewhere than dist/ (the e2e test of this script uses it to leave dist/ alone). */
function outDir(argv: readonly string[]): string {
  const i = argv.indexOf("--out-dir");
  if (i < 0) return join(REPO_ROOT, "dist");
  const dir = argv[i + 1];
  if (!dir) throw new Error("--out-dir needs a directory");
  return resolve(dir);
}

async function main(): Promise<void> {
  const dist = outDir(process.argv.slice(2));
  const emulator = await startEmulator();
  console.log(`emulator: ${emulator.baseUrl} (bundled dataset, emulator/data/releases.json)`);
  process.env.RR_DEFAULT_BASE_URL = emulator.baseUrl;
  process.env.RR_DEFAULT_PRODUCT = "browser";
  await build({
    root: REPO_ROOT,
    configFile: join(REPO_ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dist, emptyOutDir: true },
  });
  console.log(`extension built into ${dist} (load it unpacked in any Chromium to use it)`);

  const headless = !process.env.DISPLAY;
  const extension = await launchExtension({ dist, headless });
  const stop = async (): Promise<void> => {
    await extension.close().catch(() => undefined);
    emulator.stop();
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    // The badge is set once the first poll has answered; wait for it rather than read too early.
    const deadline = Date.now() + BADGE_TIMEOUT_MS;
    let action = await readAction(extension.worker);
    while (action.badgeText === "" && !action.title.includes("\n") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      action = await readAction(extension.worker);
    }
    console.log(`badge: "${action.badgeText}"`);
    console.log(`title:\n  ${action.title.split("\n").join("\n  ")}`);

    const { page } = await openExtensionPage(extension.context, extension.extensionId);
    await page.locator("#live").waitFor({ timeout: BADGE_TIMEOUT_MS });
    await mkdir(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, "start-popup.png");
    await page.locator("body").screenshot({ path: shot });
    console.log(`popup screenshot: ${shot}`);
  } catch (error) {
    await stop();
    throw error;
  }
  if (headless) {
    await stop();
    return;
  }
  console.log("Chromium is open with Release Radar loaded. Close its window (or press Ctrl-C) to stop.");
  await new Promise<void>((resolve) => extension.context.on("close", () => resolve()));
  await stop();
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
