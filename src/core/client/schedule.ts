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
import * as v from "valibot";
import { absent } from "../schema.ts";
import { isMilestone, MAX_MILESTONE, MilestoneSchema } from "../version.ts";
import { normalizeFetchUrl } from "./base-url.ts";
import { DEFAULT_TIMEOUT_MS } from "./client.ts";
import { InvalidResponseError } from "./errors.ts";
import { createTransport } from "./transport.ts";
import { atBoundary, jsonObject, refused } from "./validate-fields.ts";
import {
  inScheduleYears,
  outOfOrder,
  SCHEDULE_DAY_FIELDS,
  SCHEDULE_DAY_WORDS,
  type CalendarDay,
  type MilestoneSchedule,
} from "./schedule-fields.ts";

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
const DATE_WORDS = "a date YYYY-MM-DDTHH:MM:SS";

/** Whether an API date (of DATE's shape) names a day that exists: not February 30th. */
function dayExists(text: string): boolean {
  const [y, mo, d] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The calendar day of an API date, checked to be a real day. */
const apiDay = v.pipe(
  v.string(DATE_WORDS),
  v.regex(DATE, DATE_WORDS),
  v.check(dayExists, "a calendar day that exists"),
  v.transform((text): CalendarDay => text.slice(0, 10)),
  v.check(inScheduleYears, SCHEDULE_DAY_WORDS),
);

/** One milestone as the API writes it: snake-case names, every date but Stable's optional (null is absent). */
const ApiMilestoneSchema = jsonObject({
  mstone: MilestoneSchema,
  ...Object.fromEntries(
    SCHEDULE_DAY_FIELDS.map((ours) => [apiName(ours), ours === "stableDate" ? apiDay : absent(apiDay)]),
  ),
});

/** An answer, `{"mstones": [...]}`: only the first milestone is read, the one the answer is about. */
const AnswerSchema = jsonObject({
  mstones: v.pipe(
    v.unknown(),
    v.check((x) => Array.isArray(x) && x.length > 0, "a non-empty array"),
    v.looseTuple([ApiMilestoneSchema]),
  ),
});

/**
 * The one milestone of a `fetch_milestone_schedule` answer. `asked`, when a number, must be the milestone
 * answered: an answer about another milestone is refused rather than shown as this one's.
 */
export function validateSchedule(body: unknown, url: string, asked?: MilestoneQuery): MilestoneSchedule {
  const [api] = atBoundary(AnswerSchema, body, "", url).mstones;
  if (typeof asked === "number" && api.mstone !== asked) {
    throw refused(url, "mstones[0].mstone", `milestone ${asked}, the one asked for`, api.mstone);
  }
  const days: Readonly<Record<string, unknown>> = api;
  const schedule: Record<string, unknown> = { mstone: api.mstone };
  for (const ours of SCHEDULE_DAY_FIELDS) {
    if (days[apiName(ours)] !== undefined) schedule[ours] = days[apiName(ours)];
  }
  const wrong = outOfOrder(schedule as MilestoneSchedule);
  if (wrong !== null) {
    throw refused(url, `mstones[0].${apiName(wrong.field)}`, wrong.expected, days[apiName(wrong.field)]);
  }
  return schedule as MilestoneSchedule;
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
