/**
 * `npm start -- --firefox` on a machine without a display: the Firefox build pointed at the emulator, in
 * headless Firefox, reporting the toolbar and a screenshot as the Chromium run does. Here a Release Radar
 * emulator already holds the port it is given (as when `npm run service` runs in another terminal): npm start
 * builds against it and leaves it running. Run with `--out-dir` and `--artifacts` in a temporary folder, it
 * must leave the user's dist-firefox/ and artifacts/ as they were.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ARTIFACTS, REPO_ROOT } from "../../scripts/chromium.ts";
import { spawnEmulator, type EmulatorProcess } from "../../scripts/emulator-process.ts";
import { listFiles } from "../../scripts/package.ts";
import { GECKO_ID } from "../../manifest.config.ts";
import { fingerprint, pngSize } from "../start-files.ts";

/** The user's things `npm start -- --firefox` would write by default, which this run must not. */
const USER_FILES = [join(REPO_ROOT, "dist-firefox"), join(ARTIFACTS, "start-firefox-popup.png")] as const;

let emulator: EmulatorProcess;
let out: string;

beforeAll(async () => {
  // As `npm run service -- --shift-to-now` would be running: the bundled dataset, moved to the present.
  emulator = await spawnEmulator({ args: ["--shift-to-now"] });
  out = await mkdtemp(join(tmpdir(), "rr-start-firefox-"));
});

afterAll(async () => {
  emulator?.stop();
  await rm(out, { recursive: true, force: true });
});

test("npm start -- --firefox builds for Firefox against the emulator on its port, reports the toolbar, and leaves that emulator running", async () => {
  const port = new URL(emulator.baseUrl).port;
  const dist = join(out, "dist-firefox");
  const shots = join(out, "artifacts");
  const before = await Promise.all(USER_FILES.map(fingerprint));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DISPLAY;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/start.ts",
      "--firefox",
      "--port",
      port,
      "--out-dir",
      dist,
      "--artifacts",
      shots,
    ],
    // The script bounds each of its own waits and says what it saw; this only catches a hung process.
    { cwd: REPO_ROOT, env, timeout: 240_000 },
  );
  expect(stdout).toContain(
    `emulator: ${emulator.baseUrl} (a Release Radar emulator already listening there, used as it is: its own ` +
      `dataset and options, no faults)`,
  );
  expect(stdout).toContain(
    `extension built into ${dist}, its service ${emulator.baseUrl} (the emulator already running there, which ` +
      `keeps running after npm start): load its manifest.json as a temporary add-on at ` +
      `about:debugging#/runtime/this-firefox`,
  );
  // The emulator's answer on Firefox's toolbar, not "Cannot reach": linux/stable's live 151.0.7922.173.
  expect(stdout).toContain('badge: "151"');
  expect(stdout).toContain("151.0.7922.173 at 100%");
  expect(stdout).toMatch(/This browser: Firefox \d+/);
  expect(stdout).toContain(`at 127.0.0.1:${port}`);

  // What was built is the Firefox add-on, its default service the emulator.
  const manifest = JSON.parse(await readFile(join(dist, "manifest.json"), "utf8")) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  expect(manifest.browser_specific_settings?.gecko?.id).toBe(GECKO_ID);
  const code = await Promise.all(
    (await listFiles(dist)).filter((f) => f.endsWith(".js")).map((f) => readFile(join(dist, f), "utf8")),
  );
  expect(code.some((text) => text.includes(emulator.baseUrl))).toBe(true);

  const shot = /popup screenshot: (\S+)/.exec(stdout)?.[1];
  expect(shot).toBe(join(shots, "start-firefox-popup.png"));
  expect(existsSync(shot ?? "")).toBe(true);
  expect(await pngSize(shot ?? "")).toEqual({ width: 440, height: 600 });

  // npm start has ended; the emulator it found is still serving.
  expect((await fetch(`${emulator.baseUrl}/browser/platforms`)).status).toBe(200);
  expect(await Promise.all(USER_FILES.map(fingerprint))).toEqual(before);
}, 300_000);
