/**
 * How many of a usage table's users have a subject: the table's shares summed by the subject's support
 * (subject-support.ts), in percent of all users, as caniuse sums them (its `usage_perc_y` is the sum of
 * `usage_global` over the versions whose status starts with `y`, `usage_perc_a` over those with `a`), with
 * a bar per browser and the largest groups that lack it, named.
 */
import { agentName } from "./agents.ts";
import type { SupportOf } from "./subject-support.ts";
import type { UsageTable } from "./table.ts";
import { compareUsageVersions } from "./versions.ts";

export interface BrowserShare {
  readonly agent: string;
  readonly name: string;
  /** Percent of all users; `has` counts `prefixed` too. */
  readonly has: number;
  readonly prefixed: number;
  readonly partly: number;
  readonly not: number;
  readonly unknown: number;
}

/** A named group of users who lack it: "Safari on iOS before 16.4", 1.9. */
export interface LackingGroup {
  readonly agent: string;
  readonly name: string;
  readonly share: number;
}

export interface UsersShare {
  readonly table: UsageTable;
  /** Percent of all users who have it (with those who have it behind a prefix only). */
  readonly has: number;
  readonly prefixed: number;
  readonly partly: number;
  readonly not: number;
  /** Users of browsers (or versions) the support data does not place. */
  readonly unknown: number;
  /** What the table tracks (has + partly + not + unknown); the rest of all users it does not track. */
  readonly tracked: number;
  /** One per browser with users, most users first. */
  readonly browsers: readonly BrowserShare[];
  /** The largest groups that lack it, largest first (at most three). */
  readonly lacking: readonly LackingGroup[];
  /** The browsers whose users are unknown, most users first. */
  readonly unknownBrowsers: readonly string[];
}

const MAX_LACKING = 3;

/**
 * `known`: every version of an agent the support data lists (the usage asset's `versions`), so a lacking group
 * is named by the first version that has it ("before 15.4"), not the first one the table has users of.
 */
export function usersShare(
  table: UsageTable,
  support: SupportOf,
  known: (agent: string) => readonly string[] = () => [],
): UsersShare {
  const browsers: BrowserShare[] = [];
  const lacking: (LackingGroup & { readonly versions: readonly string[] })[] = [];
  for (const [agent, versions] of Object.entries(table.agents)) {
    const sums = { has: 0, prefixed: 0, partly: 0, not: 0, unknown: 0 };
    const lackingVersions: string[] = [];
    for (const [version, share] of Object.entries(versions)) {
      const status = support(agent, version);
      if (status === "y" || status === "x") {
        sums.has += share;
        if (status === "x") sums.prefixed += share;
      } else if (status === "a") sums.partly += share;
      else if (status === "n") {
        sums.not += share;
        lackingVersions.push(version);
      } else sums.unknown += share;
    }
    const total = sums.has + sums.partly + sums.not + sums.unknown;
    if (total <= 0) continue;
    browsers.push({ agent, name: agentName(agent), ...sums });
    if (sums.not > 0) lacking.push({ agent, name: "", share: sums.not, versions: lackingVersions });
  }
  const sum = (pick: (b: BrowserShare) => number): number => browsers.reduce((s, b) => s + pick(b), 0);
  const total = (b: BrowserShare): number => b.has + b.partly + b.not + b.unknown;
  browsers.sort((a, b) => total(b) - total(a) || (a.agent < b.agent ? -1 : 1));
  lacking.sort((a, b) => b.share - a.share || (a.agent < b.agent ? -1 : 1));
  return {
    table,
    has: sum((b) => b.has),
    prefixed: sum((b) => b.prefixed),
    partly: sum((b) => b.partly),
    not: sum((b) => b.not),
    unknown: sum((b) => b.unknown),
    tracked: sum(total),
    browsers,
    // Named only for the few shown: naming reads the support of every version the data knows.
    lacking: lacking.slice(0, MAX_LACKING).map(({ agent, share, versions }) => {
      const has = (v: string): boolean => ["y", "x"].includes(support(agent, v));
      const having = [...known(agent).filter(has), ...Object.keys(table.agents[agent] ?? {}).filter(has)];
      return { agent, name: groupName(agent, versions, having), share };
    }),
    unknownBrowsers: browsers
      .filter((b) => b.unknown > 0)
      .sort((a, b) => b.unknown - a.unknown)
      .map((b) => b.name),
  };
}

/**
 * "Safari on iOS before 16.4" where every version that lacks it comes before the first that has it (the
 * usual case: an old version); the browser's name alone where none has it or the versions interleave.
 */
function groupName(agent: string, lacking: readonly string[], having: readonly string[]): string {
  const name = agentName(agent);
  const firstHaving = [...having].sort(compareUsageVersions)[0];
  if (firstHaving === undefined) return name;
  const allBefore = lacking.every((v) => compareUsageVersions(v, firstHaving) < 0);
  // A range names its first release: "before 13.4", not "before 13.4-13.7".
  return allBefore ? `${name} before ${firstHaving.split("-")[0] ?? firstHaving}` : name;
}
