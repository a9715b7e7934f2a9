/**
 * `npm start` as a newcomer runs it on a machine without a display: it starts the emulator on the bundled
 * dataset, builds, opens headless Chromium, prints the badge and saves screenshots of the popup. Run with
 * `--out-dir` and `--artifacts` in a temporary folder, it must leave the user's dist/ and artifacts/ as they
 * were.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { ARTIFACTS, DIST, REPO_ROOT } from "../../scripts/chromium.ts";

/**
 * What a file or folder tree is now: every entry's path with its modification time and, for files, a hash
 * of the content. Equal before and after a run means the run neither wrote nor removed anything in it.
 */
async function fingerprint(path: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const visit = async (at: string): Promise<void> => {
    const info = await stat(at).catch(() => undefined);
    const key = relative(path, at) || ".";
    if (info === undefined) {
      out[key] = "absent";
      return;
    }
    if (info.isDirectory()) {
      out[key] = `dir ${info.mtimeMs}`;
      for (const name of (await readdir(at)).sort()) await visit(join(at, name));
    } else {
      const hash = createHash("sha256")
        .update(await readFile(at))
        .digest("hex");
      out[key] = `file ${info.mtimeMs} ${hash}`;
    }
  };
  await visit(path);
  return out;
}

/** A PNG's size, from its IHDR chunk (bytes 16 to 24). */
async function pngSize(path: string): Promise<{ width: number; height: number }> {
  const head = (await readFile(path)).subarray(0, 24);
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** The user's things `npm start` would write by default, which this run must not. */
const USER_FILES = [
  DIST,
  join(ARTIFACTS, "start-popup.png"),
  join(ARTIFACTS, "start-popup-dark.png"),
  join(ARTIFACTS, "start-popup-125.png"),
  join(ARTIFACTS, "start-tab.png"),
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
      ["--import", "tsx", "scripts/start.ts", "--out-dir", join(out, "dist"), "--artifacts", shots],
      // The script bounds each of its own waits and says what it saw; this only catches a hung process.
      { cwd: REPO_ROOT, env, timeout: 240_000 },
    );
    console.info(`npm start took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(stdout).toMatch(/emulator: http:\/\/127\.0\.0\.1:\d+\/v1 \(bundled dataset/);
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
    expect(await Promise.all(USER_FILES.map(fingerprint))).toEqual(before);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 300_000);
