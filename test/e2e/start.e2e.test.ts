/**
 * `npm start` as a newcomer runs it on a machine without a display: it starts the emulator on the bundled
 * dataset, builds, opens headless Chromium, prints the badge and saves a screenshot of the popup.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/chromium.ts";

test("npm start runs the extension on the bundled data and reports the badge and a popup screenshot", async () => {
  const out = await mkdtemp(join(tmpdir(), "rr-start-"));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DISPLAY;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/start.ts", "--out-dir", out],
      { cwd: REPO_ROOT, env, timeout: 90_000 },
    );
    expect(stdout).toMatch(/emulator: http:\/\/127\.0\.0\.1:\d+\/v1 \(bundled dataset/);
    // The bundled dataset's linux/stable has one live release, 151.0.7922.173, fully served.
    expect(stdout).toContain('badge: "151"');
    expect(stdout).toMatch(/151\.0\.7922\.173 at 100% since Aug 20, 2026/);
    const shot = /popup screenshot: (\S+)/.exec(stdout)?.[1];
    expect(shot && existsSync(shot)).toBe(true);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 120_000);
