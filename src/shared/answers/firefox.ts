/**
 * Firefox: in the Firefox build, this Firefox against the current Firefox release, from browser-compat-data's
 * release days ("Firefox 153 · current release 161 since 2026-11-24"), an ESR named as one; elsewhere, the
 * current Firefox release and the next. The current release is the newest
 * whose release day has come, not the package's `status: "current"`, which is as old as the package (its
 * 2026-11-12 data calls 161 "beta" although it shipped on 2026-11-24).
 */
import { compareVersions, milestoneOf } from "../../core/version.ts";
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { ThisBrowser } from "../status/this-browser.ts";
import { localDay } from "../status/countdown.ts";
import { plural } from "../status/time.ts";
import type { Answer } from "./answer.ts";

/** The newest Firefox release whose day is on or before `today`, or null. */
export function currentFirefox(asset: FeatureAsset, today: string): { version: string; date: string } | null {
  let best: { version: string; date: string } | null = null;
  for (const r of asset.releases.firefox) {
    if (
      r.date !== undefined &&
      r.date <= today &&
      (best === null || compareVersions(r.version, best.version) > 0)
    ) {
      best = { version: r.version, date: r.date };
    }
  }
  return best;
}

/** Whether `version` is an Extended Support Release: it says so (`153.7.0esr`), or its major is an ESR's. */
function isEsr(asset: FeatureAsset, version: string, major: number): boolean {
  return (
    /esr/i.test(version) ||
    asset.releases.firefox.some((r) => r.status === "esr" && r.version === String(major))
  );
}

const dataLine = (asset: FeatureAsset): string =>
  `Release days from browser-compat-data ${asset.identity.bcd}, data of ${asset.identity.dataDate}`;

/** The address browser-compat-data gives every Firefox release as its `release_notes`. */
const notesLink = (version: string) => ({
  text: `Firefox ${version} for developers`,
  url: `https://developer.mozilla.org/docs/Mozilla/Firefox/Releases/${version}`,
});

export function firefoxAnswer(browser: ThisBrowser, asset: FeatureAsset, now: number): Answer {
  const mine = milestoneOf(browser.version.replace(/esr$/i, ""));
  const current = currentFirefox(asset, localDay(now));
  const esr = mine !== null && isEsr(asset, browser.version, mine);
  const name = `Firefox ${mine ?? browser.version}${esr ? " ESR" : ""}`;
  if (current === null || mine === null) {
    const line = `${name} · the current Firefox release is unknown`;
    return { kind: "firefox", title: name, lines: [line, dataLine(asset)], links: [], summary: line };
  }
  const theirs = milestoneOf(current.version) ?? mine;
  const standing = esr
    ? "an Extended Support Release: it keeps its version and gets security fixes while the release moves on"
    : mine < theirs
      ? `${plural(theirs - mine, "release")} behind`
      : mine === theirs
        ? "up to date"
        : "ahead of the release (a Beta or Nightly build)";
  const line = `${name} · current release ${current.version} since ${current.date} · ${standing}`;
  return {
    kind: "firefox",
    title: name,
    lines: [line, dataLine(asset)],
    links: [notesLink(current.version)],
    summary: line,
  };
}

/** Firefox asked about outside Firefox: its current release, the next one's day, and the current ESR. */
export function firefoxReleaseAnswer(asset: FeatureAsset, now: number): Answer {
  const today = localDay(now);
  const current = currentFirefox(asset, today);
  if (current === null) {
    const line = "The current Firefox release is unknown";
    return { kind: "firefox", title: "Firefox", lines: [line, dataLine(asset)], links: [], summary: line };
  }
  const next = asset.releases.firefox.find(
    (r) => r.date !== undefined && r.date > today && compareVersions(r.version, current.version) > 0,
  );
  const esr = asset.releases.firefox.filter((r) => r.status === "esr").at(-1);
  const line = `Firefox ${current.version} is the current release, since ${current.date}`;
  const lines = [
    line,
    ...(next?.date === undefined ? [] : [`Firefox ${next.version} is due on ${next.date}`]),
    ...(esr === undefined ? [] : [`The Extended Support Release is Firefox ${esr.version}`]),
    dataLine(asset),
  ];
  return {
    kind: "firefox",
    title: `Firefox ${current.version}`,
    lines,
    links: [notesLink(current.version)],
    summary: lines.slice(0, -1).join(" · "),
  };
}
