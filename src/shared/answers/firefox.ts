/**
 * For the Firefox build: this Firefox against the current Firefox release, from browser-compat-data's
 * release days ("Firefox 153 · current release 161 since 2026-11-24"). The current release is the newest
 * whose release day has come, not the package's `status: "current"`, which is as old as the package (its
 * 2026-11-12 data calls 161 "beta" although it shipped on 2026-11-24).
 */
import { compareVersions, milestoneOf } from "../../core/version.ts";
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { ThisBrowser } from "../browser-version.ts";
import { localDay } from "../countdown.ts";
import { plural } from "../time.ts";
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

export function firefoxAnswer(browser: ThisBrowser, asset: FeatureAsset, now: number): Answer {
  const mine = milestoneOf(browser.version);
  const current = currentFirefox(asset, localDay(now));
  const data = `Release days from browser-compat-data ${asset.identity.bcd}, data of ${asset.identity.dataDate}`;
  const name = `Firefox ${mine ?? browser.version}`;
  if (current === null || mine === null) {
    const line = `${name} · the current Firefox release is unknown`;
    return { kind: "firefox", title: name, lines: [line, data], links: [], summary: line };
  }
  const theirs = milestoneOf(current.version) ?? mine;
  const standing =
    mine < theirs
      ? `${plural(theirs - mine, "release")} behind`
      : mine === theirs
        ? "up to date"
        : "ahead of the release (a Beta or Nightly build)";
  const line = `${name} · current release ${current.version} since ${current.date} · ${standing}`;
  return {
    kind: "firefox",
    title: name,
    lines: [line, data],
    // The address browser-compat-data gives every Firefox release as its `release_notes`.
    links: [
      {
        text: `Firefox ${current.version} for developers`,
        url: `https://developer.mozilla.org/docs/Mozilla/Firefox/Releases/${current.version}`,
      },
    ],
    summary: line,
  };
}
