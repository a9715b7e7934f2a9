/**
 * Fault injection for the extension's tests (`--faults SPEC`, off by default). Not part of the real service.
 *
 * SPEC is a comma list of `key=value`:
 *   latency=MS      delay added before every service answer
 *   error=P         share of answers replaced by 500 or 503 (alternating, 500 first), with Retry-After
 *   retryafter=N    the Retry-After seconds of those answers (default 1)
 *   malformed=P     share of 200s whose body is JSON of the wrong shape (list not an array / item missing a field)
 *   truncated=P     share of 200s whose body is cut in half (a complete HTTP answer carrying broken JSON)
 *   stall=P         share of requests accepted and never answered, until the client gives up or the server closes
 *   seed=N          seed of the PRNG that picks the faulty answers, for repeatable runs (default: random)
 *
 * Each answer gets at most one fault, so the shares must add up to at most 1. One draw per request decides:
 *
 *   0 ── error ──┬── malformed ──┬── truncated ──┬── stall ──┬── (no fault) ── 1
 */
import { errorBody } from "./google-errors.ts";
import { jsonResponse, type EmulatorResponse } from "./response.ts";

export interface FaultConfig {
  readonly latencyMs: number;
  readonly error: number;
  readonly retryAfterSeconds: number;
  readonly malformed: number;
  readonly truncated: number;
  readonly stall: number;
  /** Absent: a random seed per configuration. */
  readonly seed?: number;
}

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  error: 0,
  retryAfterSeconds: 1,
  malformed: 0,
  truncated: 0,
  stall: 0,
};

/** A SPEC that cannot be read. The message says which item and why. */
export class FaultSpecError extends Error {
  override name = "FaultSpecError";
}

const SHARES = ["error", "malformed", "truncated", "stall"] as const;
const KEYS = ["latency", "error", "retryafter", "malformed", "truncated", "stall", "seed"] as const;
type Key = (typeof KEYS)[number];

function integer(key: string, text: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) > max) {
    throw new FaultSpecError(`${key}=${text}: expected a whole number from 0 to ${max}`);
  }
  return Number(text);
}

function share(key: string, text: string): number {
  const n = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 1))
    throw new FaultSpecError(`${key}=${text}: expected a share from 0 to 1, such as 0.25`);
  return n;
}

/**
 * Reads a SPEC. `""` (or only white space) is no faults.
 * @throws FaultSpecError for an unknown key, a repeated key, a bad value, or shares adding up to more than 1
 */
export function parseFaults(spec: string): FaultConfig {
  const out: { -readonly [K in keyof FaultConfig]: FaultConfig[K] } = { ...NO_FAULTS };
  const given = new Set<Key>();
  for (const item of spec.split(",")) {
    const trimmed = item.trim();
    if (trimmed === "") {
      if (spec.trim() === "") continue;
      throw new FaultSpecError(`empty item in "${spec}"`);
    }
    const eq = trimmed.indexOf("=");
    const key = (eq < 0 ? trimmed : trimmed.slice(0, eq)).trim().toLowerCase() as Key;
    const value = eq < 0 ? "" : trimmed.slice(eq + 1).trim();
    if (!KEYS.includes(key)) throw new FaultSpecError(`unknown fault "${key}"; use ${KEYS.join(", ")}`);
    if (eq < 0) throw new FaultSpecError(`${key}: missing "=value"`);
    if (given.has(key)) throw new FaultSpecError(`${key} is given twice`);
    given.add(key);
    switch (key) {
      case "latency":
        out.latencyMs = integer(key, value, 600_000);
        break;
      case "retryafter":
        out.retryAfterSeconds = integer(key, value, 86_400);
        break;
      case "seed":
        out.seed = integer(key, value, 2 ** 32 - 1);
        break;
      default:
        out[key] = share(key, value);
    }
  }
  const total = SHARES.reduce((sum, k) => sum + out[k], 0);
  // A little slack so 0.1+0.2+0.7 (= 1.0000000000000002 in doubles) is accepted.
  if (total > 1 + 1e-9) {
    throw new FaultSpecError(
      `error, malformed, truncated and stall add up to ${total}; each answer gets at most one fault, ` +
        "so they must add up to at most 1",
    );
  }
  return out;
}

/** The canonical SPEC of a configuration: only what differs from no faults, in a fixed key order. */
export function formatFaults(config: FaultConfig): string {
  const items: string[] = [];
  if (config.latencyMs) items.push(`latency=${config.latencyMs}`);
  if (config.error) items.push(`error=${config.error}`);
  if (config.retryAfterSeconds !== NO_FAULTS.retryAfterSeconds)
    items.push(`retryafter=${config.retryAfterSeconds}`);
  for (const k of ["malformed", "truncated", "stall"] as const)
    if (config[k]) items.push(`${k}=${config[k]}`);
  if (config.seed !== undefined) items.push(`seed=${config.seed}`);
  return items.join(",");
}

/** mulberry32: a small, fast, well-mixed 32-bit PRNG; returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FaultKind = "none" | "error" | "malformed" | "truncated" | "stall";

/** What to do with one request. */
export interface FaultDecision {
  readonly kind: FaultKind;
  readonly latencyMs: number;
}

/** The faults in force and the PRNG that applies them; `configure` swaps both at run time. */
export class FaultInjector {
  #config: FaultConfig = NO_FAULTS;
  #random: () => number = Math.random;
  #errors = 0;
  #malformed = 0;

  constructor(config: FaultConfig = NO_FAULTS) {
    this.configure(config);
  }

  get config(): FaultConfig {
    return this.#config;
  }

  /** Replaces the faults; restarts the PRNG (from `seed` when given) and the 500/503 alternation. */
  configure(config: FaultConfig): void {
    this.#config = config;
    this.#random = mulberry32(config.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.#errors = 0;
    this.#malformed = 0;
  }

  /** Draws the fault of the next service request. */
  next(): FaultDecision {
    const c = this.#config;
    const latencyMs = c.latencyMs;
    if (c.error + c.malformed + c.truncated + c.stall === 0) return { kind: "none", latencyMs };
    let u = this.#random();
    for (const kind of SHARES) {
      if (u < c[kind]) return { kind, latencyMs };
      u -= c[kind];
    }
    return { kind: "none", latencyMs };
  }

  /** A 500 or 503 (alternating, 500 first) with Retry-After, in Google's error shape and wording. */
  errorResponse(pretty: boolean): EmulatorResponse {
    const unavailable = this.#errors++ % 2 === 1;
    const body = unavailable
      ? errorBody(503, "UNAVAILABLE", "The service is currently unavailable. (emulator fault)", pretty)
      : errorBody(500, "INTERNAL", "Internal error encountered. (emulator fault)", pretty);
    return jsonResponse(unavailable ? 503 : 500, body, {
      "Retry-After": String(this.#config.retryAfterSeconds),
    });
  }

  /**
   * A 200 whose body is JSON of the wrong shape, alternating two breakages: the list is not an array, and
   * the first item misses a field the client requires (`serving.startTime` on releases). An empty list can
   * only be broken the first way.
   */
  malform(response: EmulatorResponse): EmulatorResponse {
    return withBody(
      response,
      Buffer.from(JSON.stringify(breakShape(response.body, this.#malformed++ % 2 === 1))),
    );
  }

  /** A 200 whose body stops half way: a complete HTTP answer (right Content-Length) carrying broken JSON. */
  truncate(response: EmulatorResponse): EmulatorResponse {
    return withBody(response, response.body.subarray(0, Math.floor(response.body.length / 2)));
  }
}

/** The same answer with another body: new Content-Length, and no ETag, so no client caches a broken body. */
function withBody(response: EmulatorResponse, body: Buffer): EmulatorResponse {
  const { ETag: _etag, ...headers } = response.headers;
  return { status: response.status, headers: { ...headers, "Content-Length": String(body.length) }, body };
}

/** Required field each list's items lose in the "missing field" breakage. */
const REQUIRED: Readonly<Record<string, string>> = {
  platforms: "platformType",
  channels: "channelType",
  versions: "version",
};

function breakShape(body: Buffer, missingField: boolean): unknown {
  const json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
  const key = Object.keys(json).find((k) => Array.isArray(json[k])) ?? "releases";
  const list = Array.isArray(json[key]) ? (json[key] as Record<string, unknown>[]) : [];
  const first = list[0];
  if (missingField && first) {
    const broken = { ...first };
    if (key === "releases") broken["serving"] = {};
    else delete broken[REQUIRED[key] ?? "name"];
    return { ...json, [key]: [broken, ...list.slice(1)] };
  }
  return { ...json, [key]: { ...list } };
}
