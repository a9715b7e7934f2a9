/**
 * `npm start` as a newcomer runs it on a machine without a display: it starts the emulator on the bundled
 * dataset, builds, opens headless Chromium, prints the badge and saves screenshots of the popup. Run with
 * `--out-dir` and `--artifacts` in a temporary folder, it must leave the user's dist/ and artifacts/ as they
 * were; with `--port` it leaves port 8787 to the person (another run of these tests may hold it).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { ARTIFACTS, DIST, REPO_ROOT } from "../../scripts/chromium.ts";
import { fingerprint, pngSize } from "../start-files.ts";

/** The user's things `npm start` would write by default, which this run must not. */
const USER_FILES = [
  DIST,
  join(ARTIFACTS, "start-popup.png"),
  join(ARTIFACTS, "start-popup-dark.png"),
  join(ARTIFACTS, "start-popup-125.png"),
  join(ARTIFACTS, "start-tab.png"),
  join(ARTIFACTS, "start-answer-feature.png"),
  join(ARTIFACTS, "start-answer-milestone.png"),
] as const;

test("npm start runs the extension on the bundled data and reports the badge and the README's screenshots", async () => {
  const out = await mkdtemp(join(tmpdir(), "rr-start-"));
  const shots = join(out, "artifacts");
  const before = await Promise.all(USER_FILES.map(fingerprint));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DISPLAY;
    const t0 = Date.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      // Port 0: an emulator of the run's own, on any free port.
      [
        "--import",
        "tsx",
        "scripts/start.ts",
        "--port",
        "0",
        "--out-dir",
        join(out, "dist"),
        "--artifacts",
        shots,
      ],
      // The script bounds each of its own waits and says what it saw; this only catches a hung process.
      { cwd: REPO_ROOT, env, timeout: 240_000 },
    );
    console.info(`npm start took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const port = /emulator: http:\/\/127\.0\.0\.1:(\d+)\/v1 \(bundled dataset/.exec(stdout)?.[1];
    expect(port).toMatch(/^\d+$/);
    // How the build keeps working once npm start has ended: the command that serves its port again.
    expect(stdout).toContain(
      `extension built into ${join(out, "dist")}, its service http://127.0.0.1:${port}/v1. To use it after ` +
        `npm start has ended, serve that again with \`npm run service -- --shift-to-now --port ${port}\``,
    );
    // The bundled dataset's linux/stable has one live release, 151.0.7922.173, fully served.
    expect(stdout).toContain('badge: "151"');
    expect(stdout).toContain("151.0.7922.173 at 100%");
    const light = /popup screenshot: (\S+)/.exec(stdout)?.[1];
    const dark = /popup screenshot \(dark\): (\S+)/.exec(stdout)?.[1];
    expect(light).toBe(join(shots, "start-popup.png"));
    expect(dark).toBe(join(shots, "start-popup-dark.png"));
    expect(light && existsSync(light)).toBe(true);
    expect(dark && existsSync(dark)).toBe(true);
    // The dark one is drawn in the dark scheme, not a copy of the light one.
    expect((await fingerprint(dark ?? ""))["."]?.split(" ")[2]).not.toBe(
      (await fingerprint(light ?? ""))["."]?.split(" ")[2],
    );
    // The 125% picture is the popup's 440 CSS px drawn at 550 device px; the tab's is the whole page.
    const zoomed = /popup screenshot \(125% zoom\): (\S+)/.exec(stdout)?.[1] ?? "";
    const tab = /explorer tab screenshot: (\S+)/.exec(stdout)?.[1] ?? "";
    expect([zoomed, tab]).toEqual([join(shots, "start-popup-125.png"), join(shots, "start-tab.png")]);
    expect(await pngSize(light ?? "")).toEqual({ width: 440, height: 600 });
    expect(await pngSize(zoomed)).toEqual({ width: 550, height: 600 });
    expect((await pngSize(tab)).width).toBe(1280);
    // The answers to a web feature and to a milestone, as the popup shows them (?q=).
    const feature = /answer screenshot \(web feature\): (\S+)/.exec(stdout)?.[1] ?? "";
    const milestone = /answer screenshot \(milestone\): (\S+)/.exec(stdout)?.[1] ?? "";
    expect([feature, milestone]).toEqual([
      join(shots, "start-answer-feature.png"),
      join(shots, "start-answer-milestone.png"),
    ]);
    expect(await pngSize(feature)).toEqual({ width: 440, height: 600 });
    expect(await pngSize(milestone)).toEqual({ width: 440, height: 600 });
    expect(await Promise.all(USER_FILES.map(fingerprint))).toEqual(before);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 300_000);

test("npm start on a port another program holds says so, with what to do, and builds nothing", async () => {
  // What a newcomer meets when something else already listens on 8787: a plain TCP server holds the port.
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const out = await mkdtemp(join(tmpdir(), "rr-start-taken-"));
  const before = await Promise.all(USER_FILES.map(fingerprint));
  try {
    const run = promisify(execFile)(
      process.execPath,
      [
        ...["--import", "tsx", "scripts/start.ts", "--port", String(port)],
        ...["--out-dir", join(out, "dist"), "--artifacts", join(out, "artifacts")],
      ],
      { cwd: REPO_ROOT, env: { ...process.env, DISPLAY: "" }, timeout: 240_000 },
    );
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `npm start failed: port ${port} is in use by another program (EADDRINUSE), not by a Release Radar ` +
          `emulator (no answer to GET /_emulator/faults in 5 s). Stop that program (\`ss -ltnp 'sport = :${port}'\` ` +
          `names it) and run npm start again, or use another port: npm start -- --port ${port + 1}`,
      ) as unknown,
    });
    expect(existsSync(join(out, "dist"))).toBe(false);
    expect(await Promise.all(USER_FILES.map(fingerprint))).toEqual(before);
  } finally {
    server.close();
    await rm(out, { recursive: true, force: true });
  }
}, 300_000);
