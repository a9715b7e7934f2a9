/**
 * The answer about a version, full (`151.0.7922.173`) or a prefix of whole fields (`151.0.7922`): every
 * platform and channel where the stored live releases serve it, since when and at what share, or plainly that
 * the service does not list it as live. What was served in the past is not stored: the surface fetches those
 * releases (versionFilter says which) and passes them in, and versionHistoryLines says them.
 */
import {
  compareChannelsForDisplay,
  comparePlatforms,
  labelOf,
  parseResourceName,
} from "../../core/catalog.ts";
import type { ReleaseResource } from "../../core/types.ts";
import { liveEverywhere } from "../watch/live.ts";
import { releaseNotesUrl } from "../page/release-notes.ts";
import { liveVersionText, shareText } from "../status/rollout-wording.ts";
import { formatTime } from "../status/time.ts";
import type { Answer, AskContext } from "./answer.ts";
import { asOfLine, unknownShareLine } from "./live-note.ts";

export interface VersionQuestion {
  readonly version: string;
  readonly milestone: number;
  readonly prefix: boolean;
}

/** Whether `version` is the one asked for, or starts with the asked fields. */
export function versionMatches(q: VersionQuestion, version: string): boolean {
  const asked = q.version.split(".");
  const fields = version.split(".");
  if (!q.prefix && fields.length !== asked.length) return false;
  return asked.every((f, i) => fields[i] === f);
}

/**
 * The service filter for every release of the version, live or not (`filter=` of
 * `.../platforms/all/channels/all/versions/all/releases`): `version=151.0.7922.173`, or for a prefix the
 * range up to its successor, `version>=151.0.7922,version<151.0.7923`.
 */
export function versionFilter(q: VersionQuestion): string {
  if (!q.prefix) return `version=${q.version}`;
  const fields = q.version.split(".").map(Number);
  const next = [...fields.slice(0, -1), (fields.at(-1) ?? 0) + 1].join(".");
  return `version>=${q.version},version<${next}`;
}

/** Where the version is live, one line per platform and channel, channels as people read them. */
function liveLines(q: VersionQuestion, ctx: AskContext): string[] {
  if (ctx.snapshot === null) return [];
  return liveEverywhere(ctx.snapshot).flatMap((live) =>
    live.versions
      .filter((v) => versionMatches(q, v.version))
      .map((v) => `${labelOf(live.channel)} on ${labelOf(live.platform)}: ${liveVersionText(v)}`),
  );
}

/** The most past releases listed; a prefix can match hundreds. */
export const MAX_HISTORY_LINES = 20;

/**
 * The releases of the version the service sent (live or ended), one line each, since and until when and at
 * what share: "Stable on Windows: 151.0.7922.173 from 2026-08-20 20:10 UTC until 2026-09-08 17:00 UTC at 100%".
 */
export function versionHistoryLines(q: VersionQuestion, releases: readonly ReleaseResource[]): string[] {
  const rows = releases
    .filter((r) => versionMatches(q, r.version))
    .map((r) => ({ r, parts: parseResourceName(r.name) }))
    .filter((x) => x.parts?.channel !== undefined)
    .sort(
      (a, b) =>
        compareChannelsForDisplay(a.parts?.channel ?? "", b.parts?.channel ?? "") ||
        comparePlatforms(a.parts?.platform ?? "", b.parts?.platform ?? "") ||
        Date.parse(a.r.serving.startTime) - Date.parse(b.r.serving.startTime),
    );
  const lines = rows.slice(0, MAX_HISTORY_LINES).map(({ r, parts }) => {
    const from = formatTime(Date.parse(r.serving.startTime));
    const where = `${labelOf(parts?.channel ?? "")} on ${labelOf(parts?.platform ?? "")}: ${r.version}`;
    // A release the service started and ended at one time reached nobody: "from X until X" would hide that.
    if (r.serving.endTime !== undefined && Date.parse(r.serving.endTime) <= Date.parse(r.serving.startTime)) {
      return `${where} served for no time (started and ended ${from})`;
    }
    const until =
      r.serving.endTime === undefined ? "still live" : `until ${formatTime(Date.parse(r.serving.endTime))}`;
    return `${where} from ${from} ${until} at ${shareText(r.fraction)}`;
  });
  if (rows.length > MAX_HISTORY_LINES) lines.push(`and ${rows.length - MAX_HISTORY_LINES} more releases`);
  return lines;
}

/** `served`: every release of the version the service sent (versionFilter), when the surface fetched them. */
export function versionAnswer(
  q: VersionQuestion,
  ctx: AskContext,
  served?: readonly ReleaseResource[],
): Answer {
  const named = q.prefix ? `versions starting with ${q.version}` : q.version;
  const live = liveLines(q, ctx);
  const lines: string[] = [];
  if (ctx.snapshot === null) lines.push(unknownShareLine(ctx));
  else {
    lines.push(
      ...(live.length > 0
        ? live
        : [`The service does not list ${named} as live on any platform or channel.`]),
    );
    lines.push(asOfLine(ctx, ctx.snapshot.fetchedAt));
  }
  const history = served === undefined ? null : versionHistoryLines(q, served);
  if (history !== null) {
    lines.push(
      history.length > 0 ? `Served by the service:` : `The service knows no release of ${named}.`,
      ...history,
    );
  }
  const summary =
    ctx.snapshot === null
      ? `${q.version} · live share unknown`
      : live.length > 0
        ? `${q.version} · ${live[0] ?? ""}${live.length > 1 ? ` (+${live.length - 1} more)` : ""}`
        : `${q.version} · not live`;
  const more = history !== null && history.length > MAX_HISTORY_LINES;
  return {
    kind: "version",
    ...(more && {
      explore: {
        text: `All releases of ${named} in the explorer`,
        context: q.prefix
          ? { kind: "versions", prefix: q.version, milestone: q.milestone }
          : { kind: "version", version: q.version, milestone: q.milestone },
      },
    }),
    subject: `version:${q.version}`,
    title: q.prefix ? `Versions ${q.version}.*` : `Version ${q.version}`,
    lines,
    links: [{ text: `Chrome ${q.milestone} release notes`, url: releaseNotesUrl(q.milestone) }],
    summary,
  };
}
