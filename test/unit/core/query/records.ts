// Small hand-made releases for the query tests: one place that builds valid resources.
import {
  releaseRow,
  versionRow,
  type ReleaseRow,
  type VersionRow,
} from "../../../../src/core/query/index.ts";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { releaseOf } from "../../../fakes/release.ts";

export interface Spec {
  platform?: string;
  channel?: string;
  version: string;
  start: string;
  end?: string;
  fraction?: number;
}

export function release(s: Spec): ReleaseResource {
  const { platform = "win", channel, version, start: startTime, end: endTime, fraction } = s;
  return releaseOf({ platform, channel, version, startTime, endTime, fraction });
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
