/**
 * Runs the emulator the way a user does (`tsx emulator/cli.ts`), in a process of its own, and waits for the
 * line it prints when ready. Used by `npm start`, the benchmarks and the real-browser tests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface EmulatorProcess {
  /** `http://127.0.0.1:PORT/v1`, as the emulator printed it. */
  readonly baseUrl: string;
  readonly child: ChildProcess;
  readonly stop: () => void;
}

/** The emulator ended before it listened; `output` is everything it printed (its reason is in there). */
export class EmulatorExitError extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`emulator exited with ${code} before listening: ${output.trim() || "(it printed nothing)"}`);
    this.name = "EmulatorExitError";
  }
}

/**
 * Starts the emulator CLI (port 0: any free port) with extra CLI arguments such as `--data FILE` or
 * `--faults SPEC`, and resolves once it says `listening on ...`; rejects with an EmulatorExitError holding
 * its output if it exits first.
 */
export function spawnEmulator(
  options: { port?: number; args?: readonly string[] } = {},
): Promise<EmulatorProcess> {
  const argv = [
    "--import",
    "tsx",
    "emulator/cli.ts",
    "--port",
    String(options.port ?? 0),
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const collect = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+\/v1)/.exec(out);
      if (m?.[1]) resolve({ baseUrl: m[1], child, stop: () => void child.kill() });
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    // "close", not "exit": a process's "exit" can come before its last output has been read, which would
    // leave the reason out of the error.
    child.on("close", (code) => reject(new EmulatorExitError(code, out)));
  });
}
