/**
 * Client of Chromium Dash's milestone schedule (`GET {base}/fetch_milestone_schedule?mstone=N|current|next|
 * previous`, answering `{"mstones":[{...}]}`; the emulator serves the same beside the version-history
 * service). The planned dates of a milestone, validated at the boundary into `MilestoneSchedule`.
 *
 * The API writes dates as `YYYY-MM-DDT00:00:00` with no time zone: they are calendar days (Pacific in
 * practice), not instants, so they are kept as days (`YYYY-MM-DD`) and never turned into a Date here, which
 * would move them by the reader's zone. Failures are the version-history client's (transport.ts): network,
 * timeout, HTTP status, and InvalidResponseError naming the field of a malformed answer.
 */
import { isMilestone, MAX_MILESTONE } from "../version.ts";
import { normalizeFetchUrl } from "./base-url.ts";
import { DEFAULT_TIMEOUT_MS } from "./client.ts";
import { InvalidResponseError } from "./errors.ts";
import { createTransport } from "./transport.ts";
import { fail, fieldPath, indexPath, isObject, object, type JsonObject } from "./validate-fields.ts";
import { SCHEDULE_DAY_FIELDS, type CalendarDay, type MilestoneSchedule } from "./schedule-fields.ts";

export {
  CALENDAR_DAY,
  SCHEDULE_DAY_FIELDS,
  type CalendarDay,
  type MilestoneSchedule,
} from "./schedule-fields.ts";

/** The real schedule's base URL. */
export const DEFAULT_SCHEDULE_BASE_URL = "https://chromiumdash.appspot.com";
export const SCHEDULE_PATH = "/fetch_milestone_schedule";

/** The API's name of one of our fields: `branchPoint` is `branch_point`. */
function apiName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Which milestone to ask for: a number, or one relative to the schedule's own today. */
export type MilestoneQuery = number | "current" | "next" | "previous";

const DATE = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}$/;

/** The calendar day of an API date, checked to be a real day; undefined when absent (or null). */
function day(obj: JsonObject, key: string, path: string, url: string): CalendarDay | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const m = typeof value === "string" ? DATE.exec(value) : null;
  if (m === null) fail(url, fieldPath(path, key), "a date YYYY-MM-DDTHH:MM:SS", value);
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) {
    fail(url, fieldPath(path, key), "a calendar day that exists", value);
  }
  return `${y}-${mo}-${d}`;
}

/**
 * The one milestone of a `fetch_milestone_schedule` answer. `asked`, when a number, must be the milestone
 * answered: an answer about another milestone is refused rather than shown as this one's.
 */
export function validateSchedule(body: unknown, url: string, asked?: MilestoneQuery): MilestoneSchedule {
  const root = object(body, "", url);
  const list = root.mstones;
  if (!Array.isArray(list) || list.length === 0) fail(url, "mstones", "a non-empty array", list);
  const path = indexPath("mstones", 0);
  const first: unknown = list[0];
  if (!isObject(first)) fail(url, path, "a JSON object", first);
  const mstone = first.mstone;
  // Bounded here, where the answer is read: a milestone is counted on from (the coming ones), and 2^53 + 1
  // is 2^53.
  if (!isMilestone(mstone))
    fail(url, fieldPath(path, "mstone"), `a milestone from 1 to ${MAX_MILESTONE}`, mstone);
  if (typeof asked === "number" && mstone !== asked) {
    fail(url, fieldPath(path, "mstone"), `milestone ${asked}, the one asked for`, mstone);
  }
  const schedule: Record<string, unknown> = { mstone };
  for (const ours of SCHEDULE_DAY_FIELDS) {
    const value = day(first, apiName(ours), path, url);
    if (value !== undefined) schedule[ours] = value;
  }
  if (schedule.stableDate === undefined) fail(url, fieldPath(path, "stable_date"), "a date", undefined);
  return schedule as unknown as MilestoneSchedule;
}

export interface ScheduleClientOptions {
  /** An origin (and optional path) the schedule path is appended to: the real one, or the emulator's. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

export interface ScheduleAnswer {
  readonly schedule: MilestoneSchedule;
  readonly url: string;
  /** `now()` when the answer arrived. */
  readonly fetchedAt: number;
}

export interface ScheduleClient {
  readonly baseUrl: string;
  milestone(which: MilestoneQuery, options?: { readonly signal?: AbortSignal }): Promise<ScheduleAnswer>;
  url(which: MilestoneQuery): string;
}

/** Creates a schedule client; throws InvalidBaseUrlError for a base URL it must not use. */
export function createScheduleClient(options: ScheduleClientOptions): ScheduleClient {
  const baseUrl = normalizeFetchUrl(options.baseUrl);
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const { get } = createTransport({
    fetch: doFetch,
    now,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const url = (which: MilestoneQuery): string => {
    if (typeof which === "number" && !isMilestone(which)) {
      throw new RangeError(`a milestone is an integer from 1 to ${MAX_MILESTONE}, got ${String(which)}`);
    }
    return `${baseUrl}${SCHEDULE_PATH}?mstone=${which}`;
  };
  return {
    baseUrl,
    url,
    async milestone(which, { signal } = {}) {
      const target = url(which);
      const answer = await get(target, signal);
      // No If-None-Match is sent, so the transport never reports a 304 as "not modified".
      if (answer.kind !== "body")
        throw new InvalidResponseError(target, "(body)", "expected a body, found 304");
      return { schedule: validateSchedule(answer.body, target, which), url: target, fetchedAt: now() };
    },
  };
}
