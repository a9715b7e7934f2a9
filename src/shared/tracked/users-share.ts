/**
 * A watched item's share of users (where it counts: worldwide, the region chosen in options, or the person's
 * visitors): one row, measured on the usage table as the answer's figure is (answers/users.ts), as a
 * fraction of all users. No forecast: other browsers than Chrome update on their own schedules (Safari with
 * its operating system) and the table changes once a month, so the row says that instead of a day.
 */
import type { FeatureAsset } from "../../core/features/asset.ts";
import { versionsOf, worldwideTable } from "../../core/usage/asset.ts";
import { usersShare } from "../../core/usage/shares.ts";
import type { UsageTable } from "../../core/usage/table.ts";
import { percent, subjectSupport, type UsageContext } from "../answers/users.ts";
import type { TrackedItem } from "./items.ts";
import type { PlatformShare, RawSubject } from "./progress.ts";

/** The places counted in users rather than in Chrome's rollout. */
export const USERS_WHERES = ["worldwide", "region", "visitors"] as const;
export type UsersWhere = (typeof USERS_WHERES)[number];

export const isUsersWhere = (where: string): where is UsersWhere =>
  (USERS_WHERES as readonly string[]).includes(where);

/** The platform name a users row goes by in the memory and the notification ids (`users/worldwide`). */
export const USERS_PLATFORM = "users";

function tableOf(where: UsersWhere, usage: UsageContext): UsageTable | string {
  if (where === "worldwide") return worldwideTable(usage.asset);
  if (where === "region") return usage.region ?? usage.regionProblem ?? "no region is chosen in options";
  return usage.visitors ?? "no stats file is imported in options";
}

/** The row of an item watched `where`, from the usage data (`usage`, or why it is missing). */
export function usersRow(
  item: TrackedItem & { readonly where: UsersWhere },
  raw: RawSubject | null,
  asset: FeatureAsset,
  usage: UsageContext | string,
): PlatformShare {
  const region = typeof usage === "string" ? null : usage.region;
  const channel = item.where === "region" ? (region?.id ?? "region") : item.where;
  const row = { platform: USERS_PLATFORM, channel, needed: null, webkit: false, removed: null };
  const unknown = (why: string): PlatformShare => ({
    ...row,
    share: null,
    users: { name: nameOf(item.where, region), when: "", why },
  });
  if (raw === null) return unknown("a milestone is counted on Chrome's rollout, not in users");
  if (typeof usage === "string") return unknown(usage);
  const table = tableOf(item.where, usage);
  if (typeof table === "string") return unknown(table);
  const found = subjectSupport(usage.asset, asset, raw);
  if (found === null) return unknown("the usage data has no support table for it");
  const known = (agent: string): readonly string[] => versionsOf(usage.asset, agent);
  const s = usersShare(table, found.support, known);
  const when = table.kind === "worldwide" ? `caniuse usage of ${usage.asset.source.updated}` : table.month;
  return {
    ...row,
    share: Math.min(1, Math.max(0, s.has / 100)),
    users: {
      name: nameOf(item.where, table),
      when,
      why: s.lacking.map((g) => `${g.name} ${percent(g.share)}`).join(", "),
    },
  };
}

function nameOf(where: UsersWhere, table: Pick<UsageTable, "name"> | null): string {
  if (where === "worldwide") return "users worldwide";
  if (where === "visitors") return "your visitors";
  return table === null ? "users in the chosen region" : `users in ${table.name}`;
}

/** Why a users row has no expected day: who lacks it, and why no day can be promised. */
export function noForecast(lacking: string): string {
  const who = lacking === "" ? "" : `the largest groups without it are ${lacking}; `;
  return `no forecast: ${who}browsers other than Chrome update on their own schedules (Safari with its operating system), and the usage table changes monthly`;
}
