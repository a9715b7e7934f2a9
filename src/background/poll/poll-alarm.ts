/**
 * The poll alarm: the browser's own timer, which wakes the worker when the next poll is due and is kept
 * across restarts. Created idempotently at start (alarms.get before create) and moved after every poll.
 * https://developer.chrome.com/docs/extensions/reference/api/alarms
 *
 * Alarms are due at a wall-clock time. Chromium compares them with the wall clock when its timer wakes and
 * then sleeps until the soonest one is due: a clock set back a day leaves the alarm, and the stored times, a
 * day ahead, and nothing in the extension runs until some event wakes the worker. Every wake therefore reads
 * stored times in the future as now (settledTimes) and re-arms an alarm due further ahead than the next poll
 * can be (ensure). A clock set forward finds the alarm overdue, which Chromium fires at its next timer wake.
 */
import { MAX_RETRY_AFTER_MS } from "../../core/client/index.ts";
import { MINUTE_MS } from "../../core/duration.ts";
import { pollStateOf, type PollState } from "../../shared/store/poll-state.ts";
import { serviceOf, type Settings } from "../../shared/store/settings.ts";
import type { Snapshot } from "../../shared/store/snapshot.ts";

export const POLL_ALARM = "poll";

/** How far ahead of the clock a stored time may lie and still be taken as written: timers are late by seconds. */
const AHEAD_SLACK_MS = MINUTE_MS;

export interface AlarmsLike {
  get(name: string): Promise<{ scheduledTime: number; periodInMinutes?: number } | undefined>;
  create(name: string, info: { when: number; periodInMinutes: number }): Promise<void>;
}

/** The longest the next poll may be away: a period, or a Retry-After honoured to its bound. */
function longestWait(pollMinutes: number): number {
  return Math.max(pollMinutes * MINUTE_MS, MAX_RETRY_AFTER_MS);
}

/**
 * The stored times read as now where they lie ahead of the clock (it was set back since they were written):
 * the snapshot fetched now, so "Last checked" names no future day and the data ages from here; the last
 * attempt now, the next try the same wait after it as stored (within the longest wait). Null when none lies
 * ahead: nothing to rewrite.
 */
export function settledTimes(
  stored: { readonly snapshot: Snapshot | null; readonly poll: PollState | null },
  pollMinutes: number,
  now: number,
): { snapshot: Snapshot | null; poll: PollState | null } | null {
  const ahead = (t: number | undefined): t is number => t !== undefined && t > now + AHEAD_SLACK_MS;
  const { snapshot, poll } = stored;
  const snapshotAhead = snapshot !== null && ahead(snapshot.fetchedAt);
  const attemptAhead = poll !== null && ahead(poll.lastAttempt);
  const tryAhead = poll !== null && ahead(poll.nextTry - longestWait(pollMinutes));
  if (!snapshotAhead && !attemptAhead && !tryAhead) return null;
  const wait =
    poll?.lastAttempt === undefined
      ? 0
      : Math.min(Math.max(poll.nextTry - poll.lastAttempt, 0), longestWait(pollMinutes));
  return {
    snapshot: snapshotAhead ? { ...snapshot, fetchedAt: now } : snapshot,
    poll:
      poll !== null && (attemptAhead || tryAhead)
        ? { ...poll, ...(poll.lastAttempt !== undefined && { lastAttempt: now }), nextTry: now + wait }
        : poll,
  };
}

/** True when the settings' service should have been polled more than a period ago: no alarm fired for it. */
export function pollOverdue(
  watched: { readonly settings: Settings; readonly poll: PollState | null },
  now: number,
): boolean {
  const poll = pollStateOf(watched.poll, serviceOf(watched.settings));
  return poll !== null && poll.nextTry < now - watched.settings.pollMinutes * MINUTE_MS;
}

export interface PollAlarm {
  /**
   * Creates the alarm when it is missing, its period no longer matches, it is due further ahead than the next
   * poll may be (the later of one period and the stored next try, within the longest wait: a clock set back
   * leaves it far ahead), or more than a period overdue. The new one is due at the stored next try (when
   * `poll` is of the settings' service; a period after a success), never later than that longest wait.
   * `overdue: false` leaves an overdue alarm alone (a poll is running, and moves it when done).
   */
  ensure(
    watched: { readonly settings: Settings; readonly poll: PollState | null },
    options?: { readonly overdue?: boolean },
  ): Promise<void>;
  /** After a poll: due at its next try (a full interval after a success, the backoff or Retry-After after a failure). */
  moveTo(nextTry: number, pollMinutes: number): Promise<void>;
}

export function createPollAlarm(alarms: AlarmsLike, now: () => number): PollAlarm {
  return {
    async ensure({ settings, poll: stored }, { overdue = true } = {}) {
      const { pollMinutes } = settings;
      const period = pollMinutes * MINUTE_MS;
      const poll = pollStateOf(stored, serviceOf(settings));
      const alarm = await alarms.get(POLL_ALARM);
      const t = now();
      // After a success the next poll is a period on, in the period of today's settings (a shorter one is not
      // put off to the longer one's end); after a failure, its backoff or Retry-After holds.
      const next =
        poll?.failures === 0 && poll.lastAttempt !== undefined
          ? Math.min(poll.nextTry, poll.lastAttempt + period)
          : (poll?.nextTry ?? t);
      const due = Math.min(Math.max(t, next), t + longestWait(pollMinutes));
      const inReach =
        alarm !== undefined &&
        alarm.scheduledTime <= Math.max(due, t + period) + AHEAD_SLACK_MS &&
        (alarm.scheduledTime >= t - period || !overdue);
      if (alarm?.periodInMinutes === pollMinutes && inReach) return;
      await alarms.create(POLL_ALARM, { when: due, periodInMinutes: pollMinutes });
    },
    moveTo(nextTry, pollMinutes) {
      return alarms.create(POLL_ALARM, { when: nextTry, periodInMinutes: pollMinutes });
    },
  };
}
