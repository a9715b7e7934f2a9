/**
 * The person's own visitors: a browserslist stats file imported in options (`storage.local` key `visitors`),
 * read through the same bounds as when it was imported, so a value written by anything else reads as none.
 */
import { isServedTimeMs } from "../../core/query/time.ts";
import { isRecord } from "../../core/schema.ts";
import { readShares, type UsageTable } from "../../core/usage/table.ts";
import type { KeySpec } from "../store/store.ts";

export interface StoredVisitors {
  /** The file's name as picked (at most 200 characters). */
  readonly file: string;
  /** Epoch ms; null where the stored time is out of range (2008-2100), as a clock or a writer may leave it. */
  readonly importedAt: number | null;
  readonly table: UsageTable;
}

/** The longest file a person may import: a stats file of every caniuse version is about 20 KB. */
export const MAX_STATS_BYTES = 512 * 1024;

export const VISITORS_KEY: KeySpec<StoredVisitors | null> = {
  area: "local",
  read: (value, warn) => {
    if (value === undefined || value === null) return null;
    try {
      if (!isRecord(value) || typeof value.file !== "string") throw new Error("not an imported stats file");
      const table = value.table;
      if (!isRecord(table)) throw new Error("its table is not an object");
      const agents = readShares(table.agents, "visitors.table.agents", {});
      return {
        file: value.file.slice(0, 200),
        importedAt: isServedTimeMs(value.importedAt) ? value.importedAt : null,
        table: { kind: "visitors", id: "visitors", name: "your visitors", month: "", agents },
      };
    } catch (error) {
      warn(`visitors: ${error instanceof Error ? error.message : String(error)}; ignored`);
      return null;
    }
  },
};
