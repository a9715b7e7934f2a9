/**
 * Waits as stored: for each resource the worker asks on demand (a milestone's schedule or history) whose
 * last request failed, until when no request is sent (background/cache/cached-resource.ts), so a worker woken by
 * the next poll's alarm does not ask a failing service again at once. Bounded, newest first.
 */
import { integer, number, object, string, validItems, type Infer } from "../../core/schema.ts";
import { HOUR_MS } from "../../core/duration.ts";
import type { KeySpec } from "./store.ts";

const WaitEntrySchema = object({
  /** The resource's key id (cached-resource.ts `idOf`). */
  id: string(1000),
  /** Epoch ms of the latest failed request, and the end of its wait. */
  at: number(),
  until: number(),
  failures: integer(1, 1_000_000),
});
export type WaitEntry = Infer<typeof WaitEntrySchema>;

/** How many waits are kept: more than the schedules and histories kept together. */
export const MAX_WAITS = 50;

/** The longest wait: a schedule's or history's own age limit; a stored one longer is cut to it. */
export const MAX_WAIT_MS = 6 * HOUR_MS;

/** The `waits` key (local). */
export const WAITS_KEY: KeySpec<readonly WaitEntry[]> = {
  area: "local",
  read: (value) =>
    validItems(WaitEntrySchema, value)
      .slice(0, MAX_WAITS)
      .map((w) => ({ ...w, until: Math.min(w.until, w.at + MAX_WAIT_MS) })),
};

/** The list with `id`'s wait replaced by `wait` (or removed, for null), newest first. */
export function withWait(
  entries: readonly WaitEntry[],
  id: string,
  wait: Omit<WaitEntry, "id"> | null,
): WaitEntry[] {
  const others = entries.filter((e) => e.id !== id);
  return (wait === null ? others : [{ id, ...wait }, ...others]).slice(0, MAX_WAITS);
}
