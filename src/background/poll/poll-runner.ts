/**
 * One poll at a time: a trigger during a poll joins it; a change of service aborts the running poll (its
 * answer is worthless then, and nothing of it is stored) and queues one more after it, however many changes
 * come at once. A poll stores its result, moves the alarm, shows the toolbar and hands its notices on; what
 * follows it (the next milestones' dates) is not awaited by it.
 */
import type { VersionHistoryClient } from "../../core/client/index.ts";
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import type { Settings } from "../../shared/store/settings.ts";
import { pollService } from "./poll.ts";
import type { PollAlarm } from "./poll-alarm.ts";
import type { PollNotices } from "./poll-notices.ts";
import { recordPoll, type WorkerState } from "./worker-state.ts";

export interface PollRunner {
  /** Runs a poll unless one is running (then joins it); never rejects: failures are warned of. */
  readonly poll: () => Promise<void>;
  /** Whether a poll is running. */
  readonly running: () => boolean;
  /** Aborts the running poll (the service changed): it stores nothing. */
  readonly abort: () => void;
  /** Polls now, or once more after the running poll: at most one in flight and one queued. */
  readonly pollAfter: () => Promise<void>;
  /** What follows the last poll: the next milestones' dates. */
  readonly following: () => Promise<void>;
}

export function createPollRunner(deps: {
  readonly current: () => Promise<WorkerState>;
  /** A client of the service; throws for a base URL it must not use. */
  readonly clientFor: (settings: Settings) => VersionHistoryClient;
  readonly store: Store;
  readonly alarm: Pick<PollAlarm, "moveTo">;
  readonly notices: PollNotices;
  readonly show: () => Promise<void>;
  readonly now: () => number;
  readonly warn: (message: string) => void;
}): PollRunner {
  const { warn } = deps;
  let polling: Promise<void> | null = null;
  /** Aborts the running poll: a change of service makes its answer worthless. */
  let pollAbort: AbortController | null = null;
  let again = false;
  let following: Promise<void> = Promise.resolve();

  async function runPoll(): Promise<void> {
    const s = await deps.current();
    const { settings } = s;
    const abort = new AbortController();
    pollAbort = abort;
    const result = await pollService(() => deps.clientFor(settings), s.snapshot, abort.signal).finally(() => {
      if (pollAbort === abort) pollAbort = null;
    });
    if (result === null || abort.signal.aborted) return;
    const previous = s.snapshot;
    const recorded = await recordPoll(deps.store, s, settings, result, deps.now());
    await deps.alarm.moveTo(recorded.poll.nextTry, settings.pollMinutes);
    await deps.show();
    const watched = { settings, watch: s.watch };
    await deps.notices.afterPoll(watched, previous, recorded.result);
    // Not awaited by the poll: the versions' answer is shown and "Check now" done; the schedule follows.
    following = deps.notices
      .upcoming(watched)
      .catch((error: unknown) => warn(`Release Radar: no upcoming milestones: ${String(error)}`));
  }

  function poll(): Promise<void> {
    polling ??= runPoll()
      .catch((error: unknown) => warn(`Release Radar: poll failed unexpectedly: ${String(error)}`))
      .finally(() => {
        polling = null;
        if (again) {
          again = false;
          void poll();
        }
      });
    return polling;
  }

  return {
    poll,
    running: () => polling !== null,
    abort: () => pollAbort?.abort(),
    async pollAfter() {
      if (polling === null) return poll();
      again = true;
    },
    following: () => following,
  };
}
