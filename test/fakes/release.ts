/**
 * A release as the service sends one, for tests: what the test cares about given, the rest a stable
 * release of Chrome on win64, served in full, its name of the real service's shape (the release id is its
 * start in Unix seconds unless `id` says).
 */
import type { ReleaseResource } from "../../src/core/types.ts";

export interface ReleaseSpec {
  readonly product?: string | undefined;
  readonly platform?: string | undefined;
  readonly channel?: string | undefined;
  readonly version: string;
  readonly fraction?: number | undefined;
  readonly startTime: string;
  /** Absent while the release is live. */
  readonly endTime?: string | undefined;
  readonly fractionGroup?: string | undefined;
  readonly id?: number | undefined;
}

export function releaseOf(spec: ReleaseSpec): ReleaseResource {
  const { product = "chrome", platform = "win64", channel = "stable", version, startTime, endTime } = spec;
  const id = spec.id ?? Math.floor(Date.parse(startTime) / 1000);
  return {
    name: `${product}/platforms/${platform}/channels/${channel}/versions/${version}/releases/${id}`,
    version,
    fraction: spec.fraction ?? 1,
    serving: endTime === undefined ? { startTime } : { startTime, endTime },
    ...(spec.fractionGroup === undefined ? {} : { fractionGroup: spec.fractionGroup }),
  };
}
