/** `tsx emulator/cli.ts` as a process: the ready line, usage errors and data errors. */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEFAULT_HOST, DEFAULT_PORT } from "../../../emulator/args.ts";
import { FIXTURE } from "./service-fixture.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** tsx's loader by its path: the CLI runs from a temporary directory, where `tsx` would not resolve. */
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;
let dir: string;
let good: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-cli-"));
  good = join(dir, "good.json");
  writeFileSync(good, JSON.stringify({ releases: FIXTURE }));
});

const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
});

/**
 * Runs the CLI from another directory (the default data path must not depend on cwd), in one Node process
 * with tsx as its loader. Not through the `tsx` binary: that parent relays a signal by waiting 30 ms for the
 * child to say it got it, then kills it and exits 143 itself, so on a busy machine SIGTERM would test tsx's
 * timing, not the emulator's shutdown.
 */
function run(args: string[]): ReturnType<typeof spawn> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, join(ROOT, "emulator/cli.ts"), ...args], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return child;
}

function finished(
  child: ReturnType<typeof spawn>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

test("prints the listening line with the real port, serves, and exits 0 on SIGTERM", async () => {
  const child = run(["--port", "0", "--data", good]);
  const done = finished(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0] ?? "");
    });
    child.on("exit", () => reject(new Error(`exited before listening: ${out}`)));
  });
  expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:(\d+)\/v1$/);
  const url = line.slice("listening on ".length);
  expect(url).not.toContain(":0/");
  const res = await fetch(`${url}/chrome/platforms`);
  expect(res.status).toBe(200);
  child.kill("SIGTERM");
  expect((await done).code).toBe(0);
}, 15_000);

test("bad arguments are a usage error with exit code 2", async () => {
  const { code, stderr } = await finished(run(["--port", "many"]));
  expect(code).toBe(2);
  expect(stderr).toContain("emulator: --port many: expected a port number");
  expect(stderr).toContain("usage: npm run service");
}, 15_000);

test("an unknown flag is a usage error naming it, exit code 2", async () => {
  const { code, stderr } = await finished(run(["--verbose"]));
  expect(code).toBe(2);
  expect(stderr).toContain('emulator: unknown argument "--verbose"');
  expect(stderr).toContain("usage: npm run service");
}, 15_000);

test("--help prints the usage text with the defaults and exits 0", async () => {
  const { code, stdout } = await finished(run(["--help"]));
  expect(code).toBe(0);
  expect(stdout).toContain("usage: npm run service");
  expect(stdout).toContain(`(default ${DEFAULT_HOST})`);
  expect(stdout).toContain(`(default ${DEFAULT_PORT})`);
}, 15_000);

test("a malformed data file stops the start naming the record and field, exit code 1", async () => {
  const bad = join(dir, "bad.json");
  const releases: unknown[] = [...FIXTURE];
  releases[3] = { ...FIXTURE[3], serving: {} };
  writeFileSync(bad, JSON.stringify({ releases }));
  const { code, stderr } = await finished(run(["--port", "0", "--data", bad]));
  expect(code).toBe(1);
  expect(stderr).toMatch(/^emulator: bad data file .*bad\.json: releases\[3\]\.serving\.startTime: /);
}, 15_000);

test("--shift-to-now says how far it moved the history, and the newest release started a day ago", async () => {
  const child = run(["--port", "0", "--shift-to-now"]);
  const done = finished(child);
  const out = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (d: Buffer) => {
      text += d.toString();
      if (/listening on \S+\n/.test(text)) resolve(text);
    });
    child.on("exit", () => reject(new Error(`exited before listening: ${text}`)));
  });
  const [shiftLine, listening] = out.trim().split("\n");
  expect(shiftLine).toMatch(/^replaying the history and the schedule shifted by \d+ days \(--shift-to-now\)/);
  const url = listening?.slice("listening on ".length) ?? "";
  const res = await fetch(
    `${url}/chrome/platforms/all/channels/all/versions/all/releases?filter=endtime=none`,
  );
  const { releases } = (await res.json()) as { releases: { serving: { startTime: string } }[] };
  const newest = Math.max(...releases.map((r) => Date.parse(r.serving.startTime)));
  const ago = Date.now() - newest;
  expect(ago).toBeGreaterThanOrEqual(86_400_000 - 60_000);
  expect(ago).toBeLessThan(2 * 86_400_000);
  child.kill("SIGTERM");
  expect((await done).code).toBe(0);
}, 60_000);
