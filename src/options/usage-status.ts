/**
 * What the "Share of users" section says of the monthly update: where it asks, when it last asked, which
 * month's table is in use, and why the last check failed, if it did. Pure words (usageUpdateText) and a thin
 * binding that follows storage.
 */
import { byId } from "../shared/page/dom.ts";
import { formatDay } from "../shared/status/time.ts";
import type { UsageUpdate } from "../shared/usage/update-store.ts";

/** The words for the update as kept, against the bundled data's day. */
export function usageUpdateText(update: UsageUpdate | null, on: boolean, bundledDay: string | null): string {
  const bundled = bundledDay === null ? "the bundled table" : `the bundled table of ${bundledDay}`;
  if (!on) return `Off: answers use ${bundled}.`;
  if (update === null || update.checkedAt === null) return `Not checked yet: answers use ${bundled}.`;
  // A month fetched before the extension itself was updated may be older than the one it ships.
  const newer = update.usage !== undefined && (bundledDay === null || update.usage.updated > bundledDay);
  const used = newer
    ? `caniuse's table of ${update.usage?.updated ?? ""} is in use`
    : `${bundled} is the newest`;
  const region =
    update.region === undefined ? "" : `; ${update.region.table.name}'s of ${update.region.table.month}`;
  const problem = update.problem === undefined ? "" : ` ${update.problem} The table in use stays.`;
  return `Checked ${formatDay(update.checkedAt)}: ${used}${region}.${problem}`;
}

/** Shows the update's state under the checkbox. */
export function showUsageUpdate(update: UsageUpdate | null, on: boolean, bundledDay: string | null): void {
  const line = byId("usageUpdates-status", HTMLElement);
  line.textContent = usageUpdateText(update, on, bundledDay);
  line.classList.toggle("error", on && update?.problem !== undefined);
}
