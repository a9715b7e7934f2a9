/**
 * The emulator `npm start` builds the extension against. The build bakes the emulator's URL in as its default
 * service, so the port is the one asked for (8787 unless `--port`): that is where `npm run service` serves the
 * bundled data again once npm start has ended, and the build keeps working.
 *
 *   start one on PORT ──listening──► started: it stops when npm start does; `npm run service` serves PORT again
 *        │
 *        └─EADDRINUSE─► does PORT answer as a Release Radar emulator with the `browser` product?
 *                          ├─ yes ─► reused: someone else's, it keeps running after npm start
 *                          └─ no ──► PortInUseError: what holds the port and what to do; nothing is built
 *
 * Port 0 (any free port) is for builds thrown away after the run, as the tests' are: nothing serves that port
 * once npm start has ended.
 */
import { EmulatorExitError, spawnEmulator, type EmulatorProcess } from "./emulator-process.ts";

/** The port `npm start` and `npm run service` share (emulator/args.ts's default). */
export const START_PORT = 8787;

/** The product id the `npm start` build polls (the service documentation's example product). */
const PRODUCT = "browser";

/** How long a program on the port gets to answer like an emulator; one that says nothing is something else. */
const PROBE_TIMEOUT_MS = 5_000;

export interface StartEmulator {
  readonly baseUrl: string;
  /** True when it was already running: npm start neither started it nor stops it. */
  readonly reused: boolean;
  /** The faults SPEC of a reused emulator ("" for none); a started one runs without faults. */
  readonly faults: string;
  readonly stop: () => void;
}

/** What holds a port, as seen over HTTP. */
export type PortHolder =
  | { readonly kind: "emulator"; readonly baseUrl: string; readonly faults: string }
  | { readonly kind: "other"; readonly why: string };

/** The port is taken by something `npm start` cannot build against; the message says what to do. */
export class PortInUseError extends Error {
  constructor(port: number, why: string) {
    super(
      `port ${port} is in use by another program (EADDRINUSE), not by a Release Radar emulator (${why}). ` +
        `Stop that program (\`ss -ltnp 'sport = :${port}'\` names it) and run npm start again, or use ` +
        `another port: npm start -- --port ${port + 1}`,
    );
    this.name = "PortInUseError";
  }
}

/** `response`'s JSON body, or undefined when it has none. */
async function jsonOf(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined);
}

/**
 * What listens on `127.0.0.1:port`: a Release Radar emulator (its admin endpoint answers with its faults and
 * its service lists the `browser` product's platforms), or something else, with why it is not one.
 */
export async function probePort(port: number): Promise<PortHolder> {
  const origin = `http://127.0.0.1:${port}`;
  const get = (path: string): Promise<Response> =>
    fetch(`${origin}${path}`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  try {
    const admin = await get("/_emulator/faults");
    const body = (await jsonOf(admin)) as { faults?: unknown } | undefined;
    if (!admin.ok || typeof body?.faults !== "string") {
      return { kind: "other", why: `GET /_emulator/faults answered ${admin.status}` };
    }
    const platforms = await get(`/v1/${PRODUCT}/platforms`);
    const list = (await jsonOf(platforms)) as { platforms?: unknown } | undefined;
    if (!platforms.ok || !Array.isArray(list?.platforms)) {
      return {
        kind: "other",
        why: `an emulator whose GET /v1/${PRODUCT}/platforms answered ${platforms.status}`,
      };
    }
    return { kind: "emulator", baseUrl: `${origin}/v1`, faults: body.faults };
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") {
      return { kind: "other", why: `no answer to GET /_emulator/faults in ${PROBE_TIMEOUT_MS / 1000} s` };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return {
      kind: "other",
      why: `GET /_emulator/faults failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    };
  }
}

/** What `startEmulator` runs on; the tests give fakes. */
export interface StartDeps {
  readonly spawn: (options: { port: number; args: readonly string[] }) => Promise<EmulatorProcess>;
  readonly probe: (port: number) => Promise<PortHolder>;
}

const REAL: StartDeps = { spawn: spawnEmulator, probe: probePort };

/**
 * Starts the emulator on `port` with `args`, or reuses the Release Radar emulator already there; rejects with
 * a PortInUseError when something else holds the port, and with the emulator's own words when it fails to
 * start for another reason.
 */
export async function startEmulator(
  port: number,
  args: readonly string[],
  deps: StartDeps = REAL,
): Promise<StartEmulator> {
  try {
    const started = await deps.spawn({ port, args });
    return { baseUrl: started.baseUrl, reused: false, faults: "", stop: started.stop };
  } catch (error) {
    if (!(error instanceof EmulatorExitError && error.output.includes("EADDRINUSE"))) throw error;
  }
  const holder = await deps.probe(port);
  if (holder.kind === "other") throw new PortInUseError(port, holder.why);
  return { baseUrl: holder.baseUrl, reused: true, faults: holder.faults, stop: () => undefined };
}

/** The browser a build is for, as `npm start` names it. */
export type StartBrowser = "chromium" | "firefox";

/**
 * The line `npm start` prints after building: where the build points, and how it keeps working after the
 * run (the service to run, and how to load the folder in the browser).
 */
export function afterRunHint(
  emulator: Pick<StartEmulator, "baseUrl" | "reused">,
  dist: string,
  browser: StartBrowser,
): string {
  const port = Number(new URL(emulator.baseUrl).port);
  const load =
    browser === "firefox"
      ? `load its manifest.json as a temporary add-on at about:debugging#/runtime/this-firefox`
      : `load it unpacked at chrome://extensions (developer mode) in any Chromium`;
  const built = `extension built into ${dist}, its service ${emulator.baseUrl}`;
  if (emulator.reused) {
    return `${built} (the emulator already running there, which keeps running after npm start): ${load}`;
  }
  const portArg = port === START_PORT ? "" : ` --port ${port}`;
  return (
    `${built}. To use it after npm start has ended, serve that again with ` +
    `\`npm run service -- --shift-to-now${portArg}\` and ${load}`
  );
}
