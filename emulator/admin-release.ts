/**
 * The admin endpoint's change of one live release's fraction (`PUT /_emulator/release`), so a test moves a
 * staged rollout (25% -> 100%) in a running emulator as the real service does between polls: the named
 * release gets the new fraction, the other live release of its fraction group gets the rest, and one left
 * with none stops serving (its end time is now); the only live release moved below all brings the version
 * before it back for the rest. Pure: it returns the new list of releases.
 */
import { parseResourceName } from "../src/core/catalog.ts";
import type { ReleaseResource } from "../src/core/types.ts";
import { compareVersions } from "../src/core/version.ts";

export const RELEASE_PATH = "/_emulator/release";

/** What a PUT asks: `{"name": "<a live release's name>", "fraction": 0..1}`. */
export interface FractionChange {
  readonly name: string;
  readonly fraction: number;
}

/** The body read as a change, or why it is not one. */
export function readFractionChange(body: string): FractionChange | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'the body must be JSON: {"name": "<release name>", "fraction": 0..1}';
  }
  const { name, fraction } = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  if (typeof name !== "string" || name === "") return "name must be a release's name";
  if (typeof fraction !== "number" || !(fraction >= 0 && fraction <= 1))
    return "fraction must be a number from 0 to 1";
  return { name, fraction };
}

/** The releases with `change` made at `now` (RFC 3339), or why it cannot be (no such live release). */
export function withFraction(
  releases: readonly ReleaseResource[],
  change: FractionChange,
  now: string,
): { releases: ReleaseResource[]; release: ReleaseResource } | string {
  const target = releases.find((r) => r.name === change.name && r.serving.endTime === undefined);
  if (target === undefined) return `no live release named ${JSON.stringify(change.name)}`;
  // The same platform and channel, read from the name as the catalog reads every name.
  const pairOf = (r: ReleaseResource): string => {
    const parts = parseResourceName(r.name);
    return parts === null ? r.name : `${parts.platform}/${parts.channel}`;
  };
  const pair = pairOf(target);
  const partners = releases.filter(
    (r) =>
      r !== target &&
      r.serving.endTime === undefined &&
      r.fractionGroup === target.fractionGroup &&
      pairOf(r) === pair,
  );
  const rest = partners.length === 1 ? 1 - change.fraction : null;
  const changed = { ...target, fraction: change.fraction, pinnable: change.fraction === 1 };
  const next = releases.map((r) => {
    if (r === target) return changed;
    if (rest === null || !partners.includes(r)) return r;
    return rest > 0
      ? { ...r, fraction: rest }
      : { ...r, fraction: r.fraction, serving: { ...r.serving, endTime: now } };
  });
  // The only live release moved below all: the version before it serves the rest, as the service keeps the
  // previous version serving during a staged rollout, under a release record of its own from now.
  const before = partners.length === 0 && change.fraction < 1 ? previousOf(releases, target, pairOf) : null;
  if (before !== null) next.push(revived(before, target, 1 - change.fraction, now, releases));
  return { releases: next, release: changed };
}

/** The newest ended release of a lower version on the target's platform and channel, or null. */
function previousOf(
  releases: readonly ReleaseResource[],
  target: ReleaseResource,
  pairOf: (r: ReleaseResource) => string,
): ReleaseResource | null {
  const older = releases.filter(
    (r) =>
      r.serving.endTime !== undefined &&
      pairOf(r) === pairOf(target) &&
      compareVersions(r.version, target.version) < 0,
  );
  return older.reduce<ReleaseResource | null>(
    (best, r) => (best === null || compareVersions(r.version, best.version) > 0 ? r : best),
    null,
  );
}

/** `before` live again from `now` with `fraction`, in the target's fraction group, under a new release id. */
function revived(
  before: ReleaseResource,
  target: ReleaseResource,
  fraction: number,
  now: string,
  releases: readonly ReleaseResource[],
): ReleaseResource {
  const base = before.name.slice(0, before.name.lastIndexOf("/") + 1);
  // The service's rule for an id: the start time in whole seconds; one taken moves to the next second.
  let id = Math.floor(Date.parse(now) / 1000);
  while (releases.some((r) => r.name === `${base}${id}`)) id++;
  return {
    ...before,
    name: `${base}${id}`,
    serving: { startTime: now },
    fraction,
    fractionGroup: target.fractionGroup,
    pinnable: false,
  };
}
