/**
 * The watched items' notices: a crossing (on a platform, or of a share of users) or a moved Stable day as a
 * notification, each caused by the poll whose snapshot it was worked out from, so a crossing is told with
 * that poll's "rollout complete" (notifier.ts); at most MAX_EVENTS_PER_POLL at once. Pure.
 */
import { labelOf } from "../../core/catalog.ts";
import { percent } from "../../shared/answers/users.ts";
import { shareText } from "../../shared/status/rollout-wording.ts";
import type { TrackedEvent } from "../../shared/tracked/crossings.ts";
import type { TrackedItem } from "../../shared/tracked/items.ts";
import { capEvents, causeOf, type RolloutEvent } from "./notify.ts";

/**
 * The notices of `events`, worked out from the snapshot fetched at `fetchedAt` (null: none stored): a
 * crossing on a platform is caused by that snapshot's change there.
 */
export function watchedNotices(
  events: readonly (TrackedEvent & { readonly label: string; readonly item: TrackedItem })[],
  fetchedAt: number | null,
): RolloutEvent[] {
  return capped(
    events.map((e) => ({
      ...trackedNotice({ ...e, threshold: e.item.threshold }),
      ...(fetchedAt !== null && e.kind !== "moved" && e.place === undefined
        ? { cause: causeOf(fetchedAt, e.platform, e.channel) }
        : {}),
    })),
  );
}

/** A crossing or a moved Stable day, as a notification. */
function trackedNotice(
  event: TrackedEvent & { readonly label: string; readonly threshold: number },
): RolloutEvent {
  if (event.kind === "moved") {
    return {
      id: event.id,
      kind: "moved",
      version: `M${event.milestone}`,
      title: `M${event.milestone} moved from ${event.from} to ${event.to}`,
      message: `The milestone schedule now plans M${event.milestone} for Stable on ${event.to} (it said ${event.from}).`,
    };
  }
  if (event.place !== undefined) {
    return {
      id: event.id,
      kind: "reached",
      version: event.label,
      title: `${event.label} reached ${event.threshold}% of ${event.place}`,
      message: `${percent(event.share * 100)} of ${event.place} have it now. Click for the answer.`,
    };
  }
  const where = `${labelOf(event.platform)} ${labelOf(event.channel)}`;
  return {
    id: event.id,
    kind: "reached",
    version: event.label,
    title: `${event.label} reached ${event.threshold}% on ${labelOf(event.platform)}`,
    message: `${shareText(event.share)} of ${where} users have it now. Click for the answer.`,
  };
}

/**
 * At most MAX_EVENTS_PER_POLL notices at once (capEvents): past it, the first ones and one that counts the rest
 * (50 items on every platform could otherwise raise hundreds at once, and push older ids out of the shown
 * record).
 */
function capped(events: readonly RolloutEvent[]): RolloutEvent[] {
  return capEvents(events, (rest) => ({
    id: `reached:many/${rest}/${events.at(-1)?.id ?? ""}`,
    kind: "reached",
    version: `${rest} more`,
    title: `${rest} more watched items changed`,
    message: `${rest} more watched items reached their threshold or moved; the popup lists them.`,
  }));
}
