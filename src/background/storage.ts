/**
 * The only module that calls `storage.*`: the last good snapshot lives in `storage.local` under `snapshot`.
 * What is read back is checked before use, since an older version of the extension may have written it.
 */
import type { Snapshot } from "./snapshot.ts";

export interface StorageAreaLike {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

const KEY = "snapshot";

function isSnapshot(value: unknown): value is Snapshot {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.baseUrl === "string" &&
    typeof v.product === "string" &&
    typeof v.fetchedAt === "number" &&
    Array.isArray(v.releases)
  );
}

export async function loadSnapshot(area: StorageAreaLike): Promise<Snapshot | null> {
  const value = (await area.get(KEY))[KEY];
  return isSnapshot(value) ? value : null;
}

export async function saveSnapshot(area: StorageAreaLike, snapshot: Snapshot): Promise<void> {
  await area.set({ [KEY]: snapshot });
}
