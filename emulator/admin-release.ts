/**
 * The admin endpoint's change of one live release's fraction (`PUT /_emulator/release`), so a test moves a
 * staged rollout (25% -> 100%) in a running emulator as the real service does between polls: the named
 * release gets the new fraction, the other live release of its fraction group gets the rest, and one left
 * with none stops serving (its end time is now). Pure: it returns the new list of releases.
 */
import { parseResourceName } from "../src/core/catalog.ts";
import type { ReleaseResource } from "../src/core/types.ts";

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
  return { releases: next, release: changed };
}
