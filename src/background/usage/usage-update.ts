/**
 * The monthly usage update: when the person has turned it on (settings `usageUpdates`), caniuse's data file
 * (`data.json`, about 4.7 MB, some 430 KB as sent) and the chosen region's file are asked at most once a month,
 * with their ETags (a 304 costs nothing), within bounds (size, time, every value: core/usage/caniuse-data.ts),
 * from caniuse's public repository or, in a build pointed at the emulator, the emulator's copy. A table is
 * taken only when newer than the one in use; a failure keeps the last good one, is said in options, and is
 * asked again a day later.
 *
 *   alarm (daily), settings change, install ──► due? (off: no; last ask a month ago, a failure a day ago,
 *       another source or region, or a stored time out of range: yes) ──► GET data.json, If-None-Match
 *           304 ──► checked now   200 ──► read, bounded ──► newer? take it : keep   error ──► problem, kept
 */
import { DAY_MS } from "../../core/duration.ts";
import { messageOf } from "../../core/errors.ts";
import { readCaniuseUsage } from "../../core/usage/caniuse-data.ts";
import { readRegionFile } from "../../core/usage/table.ts";
import type { UsageAsset } from "../../core/usage/asset.ts";
import { loadSettings, type SettingsStore } from "../../shared/store/settings.ts";
import { usageSourceOf } from "../../shared/usage/usage-source.ts";
import type { Store } from "../../shared/store/store.ts";
import type { UsageUpdate } from "../../shared/usage/update-store.ts";

export const USAGE_ALARM = "usage-update";
/** At most once a month; a failure is asked again after a day. */
export const MONTH_MS = 30 * DAY_MS;
export const RETRY_MS = DAY_MS;
/** caniuse's data file is 4.7 MB; four times that is not caniuse's. */
export const MAX_DATA_BYTES = 20 * 1024 * 1024;
export const MAX_REGION_BYTES = 64 * 1024;
const TIMEOUT_MS = 60_000;

type UpdateStore = SettingsStore & Store<{ usageUpdate: UsageUpdate | null }>;

export interface UsageUpdatesDeps {
  readonly store: UpdateStore;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  /** The bundled usage asset: its caniuse ids are the tables kept, its day the one a newer table must pass. */
  readonly bundled: () => Promise<UsageAsset>;
}

/** The body of `response` as text, refused past `max` bytes without reading the rest. */
async function cappedText(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) throw new Error(`more than ${max} bytes`);
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`more than ${max} bytes`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** GET `url` with `etag`: the JSON, or null for 304; an Error saying why not otherwise. */
async function getJson(
  doFetch: typeof fetch,
  url: string,
  etag: string | undefined,
  max: number,
): Promise<{ value: unknown; etag: string | undefined } | null> {
  const response = await doFetch(url, {
    headers: etag === undefined ? {} : { "If-None-Match": etag },
    signal: AbortSignal.timeout(TIMEOUT_MS),
    // Never a redirect to somewhere the person did not grant: the source's host is what was asked for.
    redirect: "error",
  });
  if (response.status === 304) return null;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await cappedText(response, max);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("not JSON");
  }
  const tag = response.headers.get("etag");
  return { value, etag: tag !== null && tag.length <= 200 ? tag : undefined };
}

export interface UsageUpdates {
  /** Asks caniuse's files when due (or, `force`, now), and keeps what it found; never throws. */
  check(force?: boolean): Promise<void>;
}

export function createUsageUpdates(deps: UsageUpdatesDeps): UsageUpdates {
  let running: Promise<void> | null = null;

  async function run(force: boolean): Promise<void> {
    const settings = await loadSettings(deps.store);
    if (!settings.usageUpdates) return;
    const source = usageSourceOf(settings);
    const stored = await deps.store.get("usageUpdate");
    const record = stored?.source === source ? stored : null;
    const now = deps.now();
    const last = record?.checkedAt ?? null;
    const wait = record?.problem === undefined ? MONTH_MS : RETRY_MS;
    // A region not asked yet (just chosen): asked now. One whose ask failed waits for the daily retry.
    const regionDue = settings.usageRegion !== null && record?.regionAsked !== settings.usageRegion;
    // A last ask in the future is a clock that went back: asked again now, not when the clock catches up.
    const due = force || last === null || now < last || now - last >= wait;
    if (!due && !regionDue) return;
    const bundled = await deps.bundled();
    // A region asked alone (just chosen) leaves the data file's month, and its last word, as they were.
    let next: UsageUpdate = due
      ? { source, checkedAt: now, ...omitProblem(record) }
      : { ...(record ?? { source }), source, checkedAt: last };
    const problems: string[] = [];
    if (due) {
      try {
        const got = await getJson(deps.fetch, `${source}/data.json`, record?.etag, MAX_DATA_BYTES);
        if (got !== null) {
          const usage = readCaniuseUsage(got.value, new Set(Object.keys(bundled.caniuse)));
          const inUse = record?.usage?.updated ?? bundled.source.updated;
          next = { ...next, ...(got.etag !== undefined && { etag: got.etag }) };
          if (usage.updated > inUse) next = { ...next, usage, fetchedAt: now };
        }
      } catch (error) {
        problems.push(`caniuse's data (${source}/data.json): ${messageOf(error)}`);
      }
    }
    const code = settings.usageRegion;
    if (code !== null && (due || regionDue)) {
      next = { ...next, regionAsked: code };
      const same = record?.region?.code === code ? record.region : undefined;
      try {
        const url = `${source}/region-usage-json/${code}.json`;
        const got = await getJson(deps.fetch, url, same?.etag, MAX_REGION_BYTES);
        if (got !== null) {
          const table = readRegionFile(got.value, next.usage?.current ?? bundled.current, code);
          next = { ...next, region: { code, ...(got.etag !== undefined && { etag: got.etag }), table } };
        }
      } catch (error) {
        problems.push(`the region's table (${code}): ${messageOf(error)}`);
      }
    }
    if (problems.length > 0)
      next = { ...next, problem: `The last check failed: ${problems.join("; ")}.`.slice(0, 500) };
    await deps.store.set("usageUpdate", next);
  }

  /** A check asked for while one runs: run once more after it, with the settings of then. */
  let again = false;

  return {
    check(force = false) {
      // One at a time: an alarm and a settings change at once ask once, and a change made meanwhile (a region
      // just chosen) is seen by the run that follows.
      if (running !== null) {
        again = true;
        return running;
      }
      const loop = async (): Promise<void> => {
        do {
          again = false;
          await run(force).catch(() => undefined);
        } while (again);
      };
      running = loop().finally(() => (running = null));
      return running;
    },
  };
}

function omitProblem(record: UsageUpdate | null): Omit<UsageUpdate, "source" | "checkedAt" | "problem"> {
  if (record === null) return {};
  const { source: _s, checkedAt: _c, problem: _p, ...rest } = record;
  return rest;
}
