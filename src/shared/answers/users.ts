/**
 * "How many of my users have it": a feature's or compat key's share of all users, worldwide (caniuse's
 * `usage_global`), in the region chosen in options and among the person's own visitors (an imported stats
 * file), with a bar per browser and the largest groups that lack it, named. The support per browser version
 * is caniuse's own table where the feature has one (so the figure is the one caniuse shows), else
 * browser-compat-data's, mapped onto caniuse's versions (core/usage/support.ts); docs/usage.md says how.
 *
 * Chrome's live rollout is not folded into these figures: the usage tables are a month's shares by version,
 * the rollout is today's, and the answer says both side by side (the lines after these): docs/usage.md says why.
 */
import type { AssetFeature, FeatureAsset } from "../../core/features/asset.ts";
import { compatKeys, type CompatKey } from "../../core/features/compat-keys.ts";
import { perAsset } from "../../core/features/asset.ts";
import { versionsOf, worldwideTable, type UsageAsset } from "../../core/usage/asset.ts";
import { usersShare, type BrowserShare, type UsersShare } from "../../core/usage/shares.ts";
import {
  bcdSupport,
  caniuseSupport,
  featureSpec,
  keySpec,
  type SupportOf,
  type SupportSource,
} from "../../core/usage/subject-support.ts";
import type { UsageTable } from "../../core/usage/table.ts";

/** What the answers know of usage: the asset and the person's tables, each read or null. */
export interface UsageContext {
  readonly asset: UsageAsset;
  /** The region chosen in options, read; null where none is chosen. */
  readonly region: UsageTable | null;
  /** Why the chosen region's table could not be read, said in the answer. */
  readonly regionProblem?: string;
  /** The person's own visitors (an imported stats file), or null. */
  readonly visitors: UsageTable | null;
}

/** One table's figure, as the page draws its bar. */
export interface UsersFigure {
  readonly name: string;
  readonly has: number;
  readonly partly: number;
  readonly not: number;
  readonly unknown: number;
}

/** What the answer page draws as bars: a figure per table, and per browser of the most specific table. */
export interface UsersView {
  readonly figures: readonly UsersFigure[];
  /** Which table the browsers' bars are of ("your visitors", "Germany", "worldwide"). */
  readonly of: string;
  readonly browsers: readonly BrowserShare[];
}

/** A subject's support and where it came from, or null where the usage asset has none for it. */
export function subjectSupport(
  usage: UsageAsset,
  asset: FeatureAsset,
  subject: { kind: "feature"; feature: AssetFeature } | { kind: "key"; key: CompatKey },
): { support: SupportOf; source: SupportSource; caniuseId?: string } | null {
  if (subject.kind === "feature") {
    const id = subject.feature.caniuse;
    const own = id === undefined ? null : caniuseSupport(usage, id);
    if (own !== null && id !== undefined) return { support: own, source: "caniuse", caniuseId: id };
    const spec = featureSpec(usage, subject.feature.id);
    return spec === null ? null : { support: bcdSupport(usage, spec), source: "bcd" };
  }
  const index = keyIndex(asset).get(subject.key) ?? -1;
  const spec = keySpec(usage, index);
  return spec === null ? null : { support: bcdSupport(usage, spec), source: "bcd" };
}

const keyIndex = perAsset((asset) => new Map(compatKeys(asset).map((k, i) => [k, i])));

/**
 * A percentage with one decimal that never says 100% of a share short of it, nor 0% of one above it: 99.97
 * is "99.9%", 0.02 is "<0.1%".
 */
export function percent(value: number): string {
  if (value >= 100) return "100%";
  if (value <= 0) return "0%";
  const tenths = Math.min(999, Math.max(1, Math.round(value * 10)));
  return `${value < 0.05 ? "<" : ""}${(tenths / 10).toFixed(1)}%`;
}

/** The subject's shares in each of the person's tables: worldwide, then the region, then the visitors. */
export function sharesOf(usage: UsageContext, support: SupportOf): UsersShare[] {
  const known = (agent: string): readonly string[] => versionsOf(usage.asset, agent);
  const tables = [worldwideTable(usage.asset), usage.region, usage.visitors].filter(
    (t): t is UsageTable => t !== null,
  );
  return tables.map((t) => usersShare(t, support, known));
}

const where = (t: UsageTable): string =>
  t.kind === "worldwide" ? "worldwide" : t.kind === "region" ? `in ${t.name}` : "among your visitors";

const partlyText = (s: UsersShare): string => {
  const notes = [
    ...(s.partly >= 0.05 ? [`+${percent(s.partly)} partly`] : []),
    ...(s.prefixed >= 0.05 ? [`${percent(s.prefixed)} only with a prefix`] : []),
  ];
  return notes.length === 0 ? "" : ` (${notes.join("; ")})`;
};

/**
 * The answer's usage lines, their summary words ("94.8% of users worldwide"), and the bars; null where
 * the usage asset has nothing on the subject.
 */
export function usersLines(
  usage: UsageContext,
  asset: FeatureAsset,
  subject: Parameters<typeof subjectSupport>[2],
): { lines: string[]; credit: string; short: string; view: UsersView } | null {
  const found = subjectSupport(usage.asset, asset, subject);
  if (found === null) return null;
  const shares = sharesOf(usage, found.support);
  const [world, ...own] = shares;
  if (world === undefined) return null;
  const when = `caniuse usage of ${usage.asset.source.updated}`;
  const head = [
    `${percent(world.has)} of users worldwide have it${partlyText(world)}, ${when}`,
    ...own.map(
      (s) =>
        `${s.table.kind === "visitors" ? "your visitors" : s.table.name} ${percent(s.has)}${s.table.month === "" ? "" : ` (${s.table.month})`}`,
    ),
  ].join(" · ");
  const mine = shares.at(-1) ?? world;
  const lines = [head];
  if (mine.lacking.length > 0)
    lines.push(
      `Lacking it ${where(mine.table)}: ${mine.lacking.map((g) => `${g.name}: ${percent(g.share)}`).join(" · ")}`,
    );
  if (mine.unknown >= 0.05) {
    lines.push(
      `Unknown: ${percent(mine.unknown)} ${where(mine.table)} use browsers or versions the support data does not cover (${mine.unknownBrowsers.slice(0, 4).join(", ")}).`,
    );
  }
  if (usage.regionProblem !== undefined) lines.push(usage.regionProblem);
  // caniuse's licence (CC BY 4.0) asks for the credit wherever its data is shown.
  const credit =
    found.source === "caniuse"
      ? `Share of users: caniuse.com's usage and support table (${found.caniuseId ?? ""}), © Alexis Deveria, CC BY 4.0.`
      : "Share of users: caniuse.com's usage (© Alexis Deveria, CC BY 4.0), with browser-compat-data's support mapped onto its browser versions.";
  const figure = (s: UsersShare): UsersFigure => ({
    name: s.table.kind === "visitors" ? "your visitors" : s.table.name,
    has: s.has,
    partly: s.partly,
    not: s.not,
    unknown: s.unknown,
  });
  return {
    lines,
    credit,
    short: `${percent(world.has)} of users worldwide`,
    view: { figures: shares.map(figure), of: figure(mine).name, browsers: mine.browsers },
  };
}
