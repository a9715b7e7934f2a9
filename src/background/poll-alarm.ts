/**
 * The poll alarm: the browser's own timer, which wakes the worker when the next poll is due and is kept
 * across restarts. Created idempotently at start (alarms.get before create) and moved after every poll.
 * https://developer.chrome.com/docs/extensions/reference/api/alarms
 */
import { MAX_RETRY_AFTER_MS } from "../core/client/index.ts";
import { MINUTE_MS } from "../core/duration.ts";
import { pollStateOf, type PollState } from "../shared/store/poll-state.ts";
import { serviceOf, type Settings } from "../shared/store/settings.ts";

export const POLL_ALARM = "poll";

export interface AlarmsLike {
  get(name: string): Promise<{ scheduledTime: number; periodInMinutes?: number } | undefined>;
  create(name: string, info: { when: number; periodInMinutes: number }): Promise<void>;
}

export interface PollAlarm {
  /**
   * Creates the alarm when it is missing, its period no longer matches, or it is due later than the longest
   * wait there is (a period, or a Retry-After honoured to its bound): a clock set back leaves an alarm, and the
   * stored next try, due far ahead, which the browser would keep across restarts. The new one is due at the
   * stored next try (when `poll` is of the settings' service), never later than that longest wait.
   */
  ensure(watched: { readonly settings: Settings; readonly poll: PollState | null }): Promise<void>;
  /** After a poll: due at its next try (a full interval after a success, the backoff or Retry-After after a failure). */
  moveTo(nextTry: number, pollMinutes: number): Promise<void>;
}

export function createPollAlarm(alarms: AlarmsLike, now: () => number): PollAlarm {
  return {
    async ensure({ settings, poll: stored }) {
      const { pollMinutes } = settings;
      const poll = pollStateOf(stored, serviceOf(settings));
      const alarm = await alarms.get(POLL_ALARM);
      const t = now();
      const latest = t + Math.max(pollMinutes * MINUTE_MS, MAX_RETRY_AFTER_MS);
      if (alarm && alarm.periodInMinutes === pollMinutes && alarm.scheduledTime <= latest) return;
      await alarms.create(POLL_ALARM, {
        when: Math.min(Math.max(t, poll?.nextTry ?? t), latest),
        periodInMinutes: pollMinutes,
      });
    },
    moveTo(nextTry, pollMinutes) {
      return alarms.create(POLL_ALARM, { when: nextTry, periodInMinutes: pollMinutes });
    },
  };
}
