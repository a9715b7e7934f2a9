// Shared by the answers' tests: the real asset (built from the installed packages, as the build does), and
// small snapshots of live releases written release by release.
import { buildFeaturesAsset, buildMoreKeys } from "../../../../scripts/features-asset.ts";
import type { MoreKeysAsset } from "../../../../src/core/features/more-keys.ts";
import { readDatasetJson } from "../../../../emulator/dataset.ts";
import { currentMilestone, loadSchedule } from "../../../../emulator/schedule.ts";
import { daysToNow, shiftReleases, shiftSchedule } from "../../../../emulator/shift.ts";
import { validateSchedule } from "../../../../src/core/client/schedule.ts";
import { UPCOMING } from "../../../../src/background/schedule/milestone-schedules.ts";
import type { FeatureAsset } from "../../../../src/core/features/asset.ts";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { releaseOf } from "../../../fakes/release.ts";
import type { AskContext } from "../../../../src/shared/answers/answer.ts";
import type { Watch } from "../../../../src/shared/watch/device-platform.ts";
import type { Snapshot } from "../../../../src/shared/store/snapshot.ts";

let asset: FeatureAsset | undefined;

/** The asset of the installed web-features and browser-compat-data, built once per test file. */
export function realAsset(): FeatureAsset {
  return (asset ??= buildFeaturesAsset());
}

let more: MoreKeysAsset | undefined;

/** The second asset (compat-keys.json) of the installed packages, built once per test file. */
export function realMoreKeys(): MoreKeysAsset {
  return (more ??= buildMoreKeys());
}

/** A live release (or an ended one, with `endTime`) of `platform`/`channel`. */
export function release(
  platform: string,
  channel: string,
  version: string,
  fraction: number,
  options: { group?: string; startTime?: string; endTime?: string } = {},
): ReleaseResource {
  const { group: fractionGroup, startTime = "2026-11-20T18:00:00Z", endTime } = options;
  return releaseOf({ platform, channel, version, fraction, startTime, endTime, fractionGroup });
}

export const FETCHED_AT = Date.parse("2026-11-26T11:55:00Z");
/** Noon UTC: the same calendar day in every zone the countdown's localDay could read it in. */
export const NOW = Date.parse("2026-11-26T12:00:00Z");

export function snapshot(releases: ReleaseResource[]): Snapshot {
  return {
    baseUrl: "https://versionhistory.googleapis.com/v1",
    product: "chrome",
    fetchedAt: FETCHED_AT,
    releases,
  };
}

/** Chrome's Stable channel on `platform`. */
export const watchOn = (platform: string): Watch => ({ product: "chrome", platform, channel: "stable" });

export function context(overrides: Partial<AskContext> = {}): AskContext {
  return {
    asset: realAsset(),
    snapshot: null,
    failure: null,
    host: "versionhistory.googleapis.com",
    schedules: [],
    watch: watchOn("win64"),
    now: NOW,
    ...overrides,
  };
}

/**
 * The emulator's bundled dataset's live releases, watched on Linux Stable as `npm start` does, with both
 * assets read (a surface reads the second when the first names nothing): the asking sets' context. As
 * `npm start` (`--shift-to-now`) replays it: moved to NOW, with the schedules the worker stores (the next
 * UPCOMING milestones).
 */
export function datasetContext(): AskContext {
  const json = readDatasetJson() as { releases: ReleaseResource[] };
  const days = daysToNow(json, NOW);
  const live = shiftReleases(json, days).releases.filter((r) => r.serving.endTime === undefined);
  const mstones = shiftSchedule(loadSchedule(), days);
  const next = currentMilestone(mstones, NOW) + 1;
  const schedules = Array.from({ length: UPCOMING }, (_, i) => next + i).map((n) =>
    validateSchedule({ mstones: mstones.filter((m) => m.mstone === n) }, "emulator schedule", n),
  );
  return context({ snapshot: snapshot(live), watch: watchOn("linux"), more: realMoreKeys(), schedules });
}
