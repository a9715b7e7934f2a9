/**
 * "Your own visitors": a browserslist stats file picked in options, read, checked (table.ts readStatsFile:
 * the JSON path of the first wrong value) and kept in `storage.local` (`visitors`). A file refused leaves the
 * one imported before as it was, and says why; Remove forgets it.
 */
import { messageOf } from "../core/errors.ts";
import { readStatsFile } from "../core/usage/table.ts";
import { byId } from "../shared/page/dom.ts";
import type { Store } from "../shared/store/store.ts";
import { formatDay } from "../shared/status/time.ts";
import { MAX_STATS_BYTES, type StoredVisitors } from "../shared/usage/visitors.ts";

export type VisitorsStore = Store<{ visitors: StoredVisitors | null }>;

/** A file as far as the import reads it (a File, or a test's stand-in). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

/**
 * The stats file's table, or why it is refused. `current`: each browser's current version, for the `0`
 * versions some exporters write (as caniuse's region files do).
 */
export async function readPicked(
  file: PickedFile,
  current: Readonly<Record<string, string>>,
  now: number,
): Promise<{ ok: true; visitors: StoredVisitors } | { ok: false; reason: string }> {
  if (file.size > MAX_STATS_BYTES)
    return {
      ok: false,
      reason: `it is ${file.size.toLocaleString("en-US")} bytes; a stats file is at most ${MAX_STATS_BYTES.toLocaleString("en-US")}`,
    };
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch (error) {
    return { ok: false, reason: `it is not JSON (${messageOf(error)})` };
  }
  try {
    return {
      ok: true,
      visitors: { file: file.name.slice(0, 200), importedAt: now, table: readStatsFile(value, current) },
    };
  } catch (error) {
    return { ok: false, reason: messageOf(error) };
  }
}

/** What the section says of the file kept. */
export function visitorsText(visitors: StoredVisitors | null): string {
  if (visitors === null) return "No file imported: answers say worldwide and the chosen region.";
  const browsers = Object.keys(visitors.table.agents).length;
  const day = visitors.importedAt === null ? "" : ` on ${formatDay(visitors.importedAt)}`;
  return `Imported ${visitors.file}${day}: ${browsers} browser${browsers === 1 ? "" : "s"}.`;
}

export function bindVisitors(
  store: VisitorsStore,
  current: () => Promise<Readonly<Record<string, string>>>,
  now: () => number = Date.now,
): Promise<void> {
  const input = byId("visitors-file", HTMLInputElement);
  const status = byId("visitors-status", HTMLElement);
  const remove = byId("visitors-remove", HTMLButtonElement);
  const show = (visitors: StoredVisitors | null, before = ""): void => {
    status.textContent = `${before}${visitorsText(visitors)}`;
    status.classList.remove("error");
    remove.hidden = visitors === null;
  };
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file === undefined) return;
    void (async () => {
      // Without the usage data, a version written `0` (the browser's current one) could not be placed.
      const known = await current().catch(() => null);
      const read =
        known === null
          ? {
              ok: false as const,
              reason: "the usage data could not be read to place its versions; try again",
            }
          : await readPicked(file, known, now());
      input.value = "";
      if (!read.ok) {
        const kept = await store.get("visitors");
        status.textContent = `${file.name.slice(0, 200)} was not imported: ${read.reason}. ${visitorsText(kept)}`;
        status.classList.add("error");
        return;
      }
      try {
        await store.set("visitors", read.visitors);
        show(read.visitors);
      } catch (error) {
        status.textContent = `Not imported: ${messageOf(error)}`;
        status.classList.add("error");
      }
    })();
  });
  remove.addEventListener("click", () => {
    void store.remove("visitors").then(
      () => show(null, "Removed. "),
      (error: unknown) => {
        status.textContent = `Not removed: ${messageOf(error)}`;
        status.classList.add("error");
      },
    );
  });
  return store.get("visitors").then(
    (v) => show(v),
    (error: unknown) => {
      status.textContent = `The imported file could not be read: ${messageOf(error)}`;
      status.classList.add("error");
    },
  );
}
