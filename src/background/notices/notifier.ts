/**
 * Shows notifications once: the ids shown are remembered in storage, so a restarted service worker does not
 * show an event again, and the events of one cause (a rollout complete and a watched item's crossing of one
 * poll, RolloutEvent.cause) are told in one notification.
 */
import pLimit from "p-limit";
import { NOTIFIED_LIMIT } from "../../shared/store/store.ts";
import type { RolloutEvent } from "./notify.ts";

/** The subset of `browser.notifications` the notifier uses. */
export interface NotificationsLike {
  create(
    id: string,
    options: { type: "basic"; iconUrl: string; title: string; message: string; priority?: number },
  ): Promise<string>;
}

/** The stored ids of notifications already shown (storage key `notified`). */
export interface NotifiedStore {
  get(): Promise<readonly string[]>;
  set(ids: readonly string[]): Promise<void>;
}

export interface Notifier {
  /** Shows each event whose id was never shown before; resolves with the ids shown, in order. */
  notify(events: readonly RolloutEvent[]): Promise<string[]>;
  /**
   * The watched items have been worked out from the snapshot fetched at `fetchedAt` (their notices, if any,
   * handed to `notify` before this): the events of its causes are shown now, together.
   */
  settled(fetchedAt: number): void;
}

/**
 * The notifier: remembers shown ids in `store`, so a restarted service worker, which
 * builds a new notifier over the same store, does not show an event again.
 *
 * Ordering rule: the ids are recorded first and the notifications created after.
 *
 * ```
 *   read notified -> write notified + new ids -> create notifications
 *                                             ^ a crash here loses them: never shown, never shown twice
 * ```
 *
 * The other order (create, then record) would show them again after a crash between the two steps. A
 * notification must never show twice, and a missed one costs less than a repeated one (the badge still
 * shows the rollout), so this is at-most-once.
 *
 * Calls of one notifier run one after another: two overlapping polls (an alarm and a manual refresh) would
 * otherwise both read the list before either writes it, and both show the same event.
 */
export function createNotifier(deps: {
  notifications: NotificationsLike;
  store: NotifiedStore;
  iconUrl: string;
  /** The longest an event with a cause waits for `settled` (MERGE_MS; tests pass less). */
  mergeMs?: number;
}): Notifier {
  const { notifications, store, iconUrl } = deps;
  const mergeMs = deps.mergeMs ?? MERGE_MS;
  /** Events of one cause waiting to be told together, the promise of their one notification, and its release. */
  const held = new Map<string, { events: RolloutEvent[]; shown: Promise<string[]>; release: () => void }>();

  /** Records the events never shown before; those with a cause wait for the rest of it. */
  async function record(
    events: readonly RolloutEvent[],
  ): Promise<{ now: RolloutEvent[]; later: Promise<string[]>[] }> {
    const notified = await store.get();
    const seen = new Set(notified);
    const fresh: RolloutEvent[] = [];
    for (const event of events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      fresh.push(event);
    }
    if (fresh.length === 0) return { now: [], later: [] };
    await store.set([...notified, ...fresh.map((e) => e.id)].slice(-NOTIFIED_LIMIT));
    const later = fresh.flatMap((e) => (e.cause === undefined ? [] : [hold(e.cause, e)]));
    return { now: fresh.filter((e) => e.cause === undefined), later: [...new Set(later)] };
  }

  function hold(cause: string, event: RolloutEvent): Promise<string[]> {
    const waiting = held.get(cause);
    if (waiting) {
      waiting.events.push(event);
      return waiting.shown;
    }
    const events = [event];
    let release: () => void = () => {};
    const shown = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, mergeMs);
      release = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      held.delete(cause);
      return show([together(events)]);
    });
    held.set(cause, { events, shown, release });
    return shown;
  }

  async function show(fresh: readonly RolloutEvent[]): Promise<string[]> {
    const shown: string[] = [];
    const failures: unknown[] = [];
    // One at a time, newest first, so they stack in the order the events came; a failure (a bad icon, say)
    // does not keep the rest from showing.
    for (const event of fresh) {
      try {
        await notifications.create(event.id, {
          type: "basic",
          iconUrl,
          title: event.title,
          message: event.message,
        });
        shown.push(event.id);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) {
      const lost = fresh.map((e) => e.id).filter((id) => !shown.includes(id));
      throw new AggregateError(
        failures,
        `Could not show notifications ${lost.join(", ")}; they are recorded as shown and will not be retried`,
      );
    }
    return shown;
  }

  /** Records and releases one at a time, in the order asked. */
  const inOrder = pLimit(1);
  return {
    settled(fetchedAt) {
      // After the records asked for before it: the watched items' notices of that snapshot are held by then.
      void inOrder(() => {
        for (const [cause, { release }] of held) if (cause.startsWith(`${fetchedAt}/`)) release();
      });
    },
    notify(events) {
      // The next call waits for this one's record, not for a held event's notification: that one waits for
      // the next calls' events of its cause.
      const recorded = inOrder(() => record(events));
      return recorded.then(async ({ now, later }) => {
        const shown = await show(now);
        return [...shown, ...(await Promise.all(later)).flat()];
      });
    },
  };
}

/**
 * The longest an event with a cause waits for the others of its cause: the watched items are worked out from
 * the snapshot the poll stores and say so (`settled`), which ends the wait; this bounds it if they never do.
 */
export const MERGE_MS = 30_000;

/**
 * Events of one cause as one notice: a watched item's crossing leads (it is what the person asked to be told,
 * and its click opens the answer), the rest follow in its message.
 */
export function together(events: readonly RolloutEvent[]): RolloutEvent {
  const lead = events.find((e) => e.kind === "reached") ?? events[0];
  if (lead === undefined || events.length === 1) return lead ?? (events[0] as RolloutEvent);
  const rest = events.filter((e) => e !== lead);
  // What a click does is said last, after everything the notice tells.
  const click = / Click for the answer\.$/;
  const told = [lead.message.replace(click, ""), ...rest.map((e) => `${e.title}: ${e.message}.`)];
  return { ...lead, message: `${told.join(" ")}${click.test(lead.message) ? " Click for the answer." : ""}` };
}
