/**
 * The worker's look at the wall clock, which may have jumped since it last looked (poll-alarm.ts says why it
 * matters): at start, and at most every LOOK_EVERY_MS of a running worker, whatever event woke it. Stored
 * times ahead of the clock are read as now and stored so, the alarm is re-armed when out of reach, and a
 * poll more than a period overdue runs now. While a poll runs, only an alarm left far ahead is re-armed.
 */
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import { pollOverdue, settledTimes, type PollAlarm } from "./poll-alarm.ts";
import type { WorkerState } from "./worker-state.ts";

/** Every event may wake the worker (a page load sends several): one look every 10 s is enough. */
const LOOK_EVERY_MS = 10_000;

export interface ClockLookDeps {
  readonly store: Store;
  readonly alarm: PollAlarm;
  /** The wall clock. */
  readonly now: () => number;
  /** A clock that never jumps (performance.now), for how long since the last look. */
  readonly ticks: () => number;
  readonly warn: (message: string) => void;
  /** True while a poll runs: it writes fresh times and moves the alarm itself, so the look stores nothing. */
  readonly polling: () => boolean;
  readonly poll: () => void;
}

export interface ClockLook {
  /** Looks now (the worker starts); a failure is warned of, never thrown. */
  settle(s: WorkerState): Promise<void>;
  /** Looks unless it looked less than LOOK_EVERY_MS ago; resolves once the running look is done. */
  look(s: WorkerState): Promise<void>;
}

export function createClockLook(deps: ClockLookDeps): ClockLook {
  const { store, alarm, now, ticks, warn } = deps;
  let lookedAt = -Infinity;
  let looking: Promise<void> | null = null;

  async function settle(s: WorkerState): Promise<void> {
    lookedAt = ticks();
    const t = now();
    const settled = settledTimes(s, s.settings.pollMinutes, t);
    if (deps.polling()) {
      // The poll writes fresh times and moves the alarm when it is done (a slow service takes a while): until
      // then an alarm left far ahead is re-armed from the times read as now, nothing stored.
      await alarm.ensure({ settings: s.settings, poll: settled?.poll ?? s.poll }, { overdue: false });
      return;
    }
    if (settled?.snapshot && settled.snapshot !== s.snapshot) {
      s.snapshot = settled.snapshot;
      await store.set("snapshot", settled.snapshot);
    }
    if (settled?.poll && settled.poll !== s.poll) {
      s.poll = settled.poll;
      await store.set("pollState", settled.poll);
    }
    await alarm.ensure(s);
    if (pollOverdue(s, t)) deps.poll();
  }

  /** A look that fails (storage or alarms refused) is said, and spoils nothing else. */
  const settleSaying = (s: WorkerState): Promise<void> =>
    settle(s).catch((error: unknown) => warn(`Release Radar: could not re-arm the poll: ${String(error)}`));

  return {
    settle: settleSaying,
    look(s) {
      if (looking === null && ticks() - lookedAt >= LOOK_EVERY_MS) {
        looking = settleSaying(s).finally(() => {
          looking = null;
        });
      }
      return looking ?? Promise.resolve();
    },
  };
}
