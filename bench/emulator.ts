/**
 * Bench: the emulator's requests per second on loopback for the extension's steady-state poll, with
 * the load coming from a second process (this one) and the emulator in its own, over the bundled dataset.
 * Target: 2,000/s or more on the 2-core machine.
 */
import http from "node:http";
import { spawnEmulator } from "../scripts/emulator-process.ts";
import { performance } from "node:perf_hooks";

export const STEADY_POLL = "/chrome/platforms/all/channels/all/versions/all/releases?filter=endtime=none";

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  bytes: number;
}

/** Keeps `concurrency` keep-alive requests in flight for `seconds`, counting 200 answers. */
function load(
  url: string,
  seconds: number,
  concurrency: number,
  headers: http.OutgoingHttpHeaders = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const end = performance.now() + seconds * 1000;
  const result: LoadResult = { requests: 0, errors: 0, seconds, bytes: 0 };
  const worker = (): Promise<void> =>
    new Promise((done) => {
      const next = (): void => {
        if (performance.now() >= end) return done();
        http
          .get(url, { agent, headers }, (res) => {
            res.on("data", (c: Buffer) => (result.bytes += c.length));
            res.on("end", () => {
              if (res.statusCode === 200 || res.statusCode === 304) result.requests++;
              else result.errors++;
              next();
            });
          })
          .on("error", () => {
            result.errors++;
            next();
          });
      };
      next();
    });
  return Promise.all(Array.from({ length: concurrency }, worker)).then(() => {
    agent.destroy();
    return result;
  });
}

export async function benchEmulator(
  seconds = 5,
  concurrency = 16,
): Promise<{ rps: number; bytesPerAnswer: number; errors: number }> {
  const { baseUrl, stop } = await spawnEmulator();
  try {
    const url = baseUrl + STEADY_POLL;
    await load(url, 1, concurrency); // warm-up: JIT and the emulator's response cache
    const r = await load(url, seconds, concurrency);
    return {
      rps: r.requests / r.seconds,
      bytesPerAnswer: r.bytes / Math.max(1, r.requests),
      errors: r.errors,
    };
  } finally {
    stop();
  }
}

export function printEmulatorBench(r: { rps: number; bytesPerAnswer: number; errors: number }): boolean {
  const ok = r.rps >= 2000 && r.errors === 0;
  console.log("\nEmulator, steady-state poll from a second process (keep-alive, 16 in flight, 5 s)");
  console.log(`  GET ${STEADY_POLL}`);
  console.log(
    `  ${Math.round(r.rps)} requests/s, ${Math.round(r.bytesPerAnswer)} bytes per answer, ${r.errors} errors  ${ok ? "ok" : "MISSES TARGET"}`,
  );
  console.log("  target: 2,000 requests/s or more");
  return ok;
}
