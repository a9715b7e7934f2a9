// Small hand-made releases for the query tests: one place that builds valid resources.
import {
  releaseRow,
  versionRow,
  type ReleaseRow,
  type VersionRow,
} from "../../../../src/core/query/index.ts";
import type { ReleaseResource } from "../../../../src/core/types.ts";

export interface Spec {
  platform?: string;
  channel?: string;
  version: string;
  start: string;
  end?: string;
  fraction?: number;
}

export function release(s: Spec): ReleaseResource {
  const platform = s.platform ?? "win";
  const channel = s.channel ?? "stable";
  const id = Math.floor(Date.parse(s.start) / 1000);
  return {
    name: `chrome/platforms/${platform}/channels/${channel}/versions/${s.version}/releases/${id}`,
    serving: s.end === undefined ? { startTime: s.start } : { startTime: s.start, endTime: s.end },
    fraction: s.fraction ?? 1,
    version: s.version,
  };
}

export const rows = (specs: Spec[]): ReleaseRow[] => specs.map((s) => releaseRow(release(s)));

export function versionRows(specs: { platform?: string; channel?: string; version: string }[]): VersionRow[] {
  return specs.map((s) =>
    versionRow({
      name: `chrome/platforms/${s.platform ?? "win"}/channels/${s.channel ?? "stable"}/versions/${s.version}`,
      version: s.version,
    }),
  );
}
