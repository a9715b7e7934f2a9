// The bundled milestone schedule: its build rules (published Stable days, real early-stable and branch days
// kept, offsets, the cadence), the committed file against the published days, and the emulator's
// /fetch_milestone_schedule over HTTP.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { CompatData } from "@mdn/browser-compat-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildSchedule,
  type ChromeReleases,
  formatSchedule,
  LAST_MILESTONE,
  type Milestone,
} from "../../../emulator/schedule-build.ts";
import { currentMilestone, loadSchedule, scheduleResponse } from "../../../emulator/schedule.ts";
import type { RunningServer } from "../../../emulator/server.ts";
import { startScheduleServer } from "./service-fixture.ts";

const read = (path: string): string =>
  readFileSync(new URL(`../../../emulator/data/${path}`, import.meta.url), "utf8");
const STABLE = JSON.parse(read("source/chromiumdash-stable-history.json")) as unknown[];
const DEV = JSON.parse(read("source/chromiumdash-dev-history.json")) as unknown[];
// Node's own JSON loader: through Vite's transform the package's 20 MB took half a minute.
const bcd = createRequire(import.meta.url)("@mdn/browser-compat-data") as CompatData;
const CHROME = bcd.browsers.chrome.releases;
const built = buildSchedule(STABLE, DEV, CHROME);
const byNumber = (n: number): Milestone => {
  const m = built.mstones.find((x) => x.mstone === n);
  if (m === undefined) throw new Error(`no M${n}`);
  return m;
};
const day = (iso: string): number => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** M142 as Chromium Dash has it (chromium-dashboard's tests; ../shared/data/SCHEDULE.md). */
const REAL_M142 = {
  branch_point: "2025-09-29T00:00:00",
  earliest_beta: "2025-10-01T00:00:00",
  earliest_beta_chromeos: "2025-10-14T00:00:00",
  earliest_beta_ios: "2025-10-01T00:00:00",
  early_stable: "2025-10-22T00:00:00",
  early_stable_ios: "2025-10-22T00:00:00",
  final_beta: "2025-10-22T00:00:00",
  final_beta_cut: "2025-10-21T00:00:00",
  latest_beta: "2025-10-16T00:00:00",
  mstone: 142,
  stable_cut: "2025-10-21T00:00:00",
  stable_cut_ios: "2025-10-21T00:00:00",
  stable_date: "2025-10-28T00:00:00",
  stable_refresh_first: "2025-11-11T00:00:00",
  stable_refresh_second: "2025-12-02T00:00:00",
  stable_refresh_third: "2025-12-16T00:00:00",
};

describe("buildSchedule", () => {
  it("rebuilds M142 exactly as Chromium Dash has it, field for field", () => {
    expect(byNumber(142)).toEqual(REAL_M142);
  });

  it("keeps the real days: Stable as published, early stable the milestone's first Stable release (Pacific day)", () => {
    // M152's first Stable release: mac, 2026-08-12 (Pacific); its published Stable day is 2026-08-25.
    expect(byNumber(152).early_stable).toBe("2026-08-12T00:00:00");
    expect(byNumber(152).stable_date).toBe("2026-08-25T00:00:00");
    // Before M110 the first push was the Stable day itself (M87: 2020-11-17 both).
    expect(byNumber(87).early_stable).toBe("2020-11-17T00:00:00");
    expect(byNumber(87).stable_date).toBe("2020-11-17T00:00:00");
    // A synthetic history: M10 first ships at 2026-03-04 06:00 UTC, which is 2026-03-03 in Pacific time.
    const s = buildSchedule(
      [
        { milestone: 10, channel: "stable", time: Date.parse("2026-03-04T06:00:00Z") },
        { milestone: 10, channel: "stable", time: Date.parse("2026-03-10T20:00:00Z") },
      ],
      [{ milestone: 11, channel: "dev", time: Date.parse("2026-02-12T20:00:00Z") }],
      { "10": { release_date: "2026-03-10" } },
    );
    expect(s.mstones[0]?.early_stable).toBe("2026-03-03T00:00:00");
    expect(s.mstones[0]?.stable_date).toBe("2026-03-10T00:00:00");
    // Branch: the Monday on or before M11's first Dev day (Thursday 2026-02-12 -> Monday 2026-02-09).
    expect(s.mstones[0]?.branch_point).toBe("2026-02-09T00:00:00");
    expect(s.provenance[0]).toEqual({
      mstone: 10,
      stable_date: "browser-compat-data",
      early_stable: "release history",
      branch_point: "release history",
    });
  });

  it("derives the other dates by the documented offsets", () => {
    for (const [i, m] of built.mstones.entries()) {
      const early = day(m.early_stable);
      expect(day(m.earliest_beta) - day(m.branch_point)).toBe(2);
      expect(day(m.stable_cut)).toBe(early - 1);
      expect(m.final_beta_cut).toBe(m.stable_cut);
      expect(m.final_beta).toBe(m.early_stable);
      expect(day(m.stable_date)).toBeGreaterThanOrEqual(early);
      // Where the history has no first push, early stable is a week before Stable.
      if (built.provenance[i]?.early_stable === "offset") expect(day(m.stable_date) - early).toBe(6);
      expect(day(m.stable_refresh_first) - day(m.stable_date)).toBe(14);
      expect(day(m.stable_refresh_second) - day(m.stable_date)).toBe(35);
      expect(day(m.stable_refresh_third) - day(m.stable_date)).toBe(49);
    }
    // M159 has no Stable release in the history: early stable a week before its published 2026-12-08.
    expect(byNumber(159).early_stable).toBe("2026-12-02T00:00:00");
  });

  it("places milestones past the last published Stable day by the cadence: four-weekly to M152, two-weekly from M153", () => {
    // Published: M153 2026-09-08 (the first two-weekly one) ... M158 2026-11-17, M159 2026-12-08 (the year end);
    // M160 has no date yet.
    expect(byNumber(153).stable_date).toBe("2026-09-08T00:00:00");
    expect(byNumber(158).stable_date).toBe("2026-11-17T00:00:00");
    expect(byNumber(159).stable_date).toBe("2026-12-08T00:00:00");
    expect(byNumber(160).stable_date).toBe("2026-12-22T00:00:00");
    for (let m = 160; m <= LAST_MILESTONE; m++) {
      expect(day(byNumber(m).stable_date) - day(byNumber(m - 1).stable_date)).toBe(14);
    }
    // Published days that end before M152 continue four-weekly up to M152, then two-weekly.
    const short = buildSchedule(
      [{ milestone: 150, channel: "stable", time: Date.parse("2026-06-17T20:00:00Z") }],
      [],
      { "150": { release_date: "2026-06-30" }, "151": {} },
    );
    const stable = (n: number) => short.mstones.find((m) => m.mstone === n)?.stable_date;
    expect(stable(151)).toBe("2026-07-28T00:00:00");
    expect(stable(152)).toBe("2026-08-25T00:00:00");
    expect(stable(153)).toBe("2026-09-08T00:00:00");
    expect(stable(154)).toBe("2026-09-22T00:00:00");
    expect(short.provenance.find((p) => p.mstone === 151)).toEqual({
      mstone: 151,
      stable_date: "cadence",
      early_stable: "offset",
      branch_point: "offset",
    });
  });

  it("reaches more than a year past the history's end", () => {
    expect(built.mstones.at(-1)?.mstone).toBe(LAST_MILESTONE);
    expect(day(built.mstones.at(-1)?.stable_date ?? "") - day("2026-08-21")).toBeGreaterThan(365);
  });

  it("refuses a Stable history with a gap or none at all", () => {
    expect(() => buildSchedule([], [], CHROME)).toThrow(/no Stable release/);
    const gap = [
      { milestone: 10, channel: "stable", time: 0 },
      { milestone: 12, channel: "stable", time: 86_400_000 * 60 },
    ];
    const published = { "10": { release_date: "1970-01-07" }, "11": { release_date: "1970-02-04" } };
    expect(() => buildSchedule(gap, [], { ...published, "12": { release_date: "1970-03-04" } })).toThrow(
      /the Stable history skips M11/,
    );
  });

  it("refuses published Stable days it cannot use, naming the milestone", () => {
    const history = [{ milestone: 10, channel: "stable", time: Date.parse("2026-03-04T20:00:00Z") }];
    const build = (releases: ChromeReleases) => () => buildSchedule(history, [], releases);
    expect(build({})).toThrow(/no release_date for M10, the history's first milestone/);
    expect(build({ "10": { release_date: "2026-03-10" }, "12": { release_date: "2026-04-07" } })).toThrow(
      /skip M11: it has no release_date but M12 has/,
    );
    expect(build({ "10": { release_date: "10 March 2026" } })).toThrow(
      /Chrome 10 has release_date "10 March 2026", not YYYY-MM-DD/,
    );
    expect(build({ "10": { release_date: "2026-03-03" } })).toThrow(
      "the Stable history's first M10 release (2026-03-04) is after its published Stable day (2026-03-03)",
    );
  });
});

describe("committed schedule", () => {
  it("has browser-compat-data's published Stable day for every milestone it dates, M159 on 2026-12-08", () => {
    const committed = loadSchedule();
    const dated = committed.filter((m) => CHROME[String(m.mstone)]?.release_date !== undefined);
    const wrong = dated.flatMap((m) => {
      const published = CHROME[String(m.mstone)]?.release_date;
      const ours = m.stable_date.slice(0, 10);
      return ours === published ? [] : [`M${m.mstone}: ${ours}, published ${published}`];
    });
    expect(wrong, `${wrong.length} of ${dated.length} milestones are off`).toEqual([]);
    // The compared milestones run unbroken from the history's first, M87, to at least M159 (8.1.9's last).
    const last = dated.at(-1)?.mstone ?? 0;
    expect(last).toBeGreaterThanOrEqual(159);
    expect(dated.map((m) => m.mstone)).toEqual(Array.from({ length: last - 87 + 1 }, (_, i) => 87 + i));
    expect(committed.find((m) => m.mstone === 158)?.stable_date).toBe("2026-11-17T00:00:00");
    expect(committed.find((m) => m.mstone === 159)?.stable_date).toBe("2026-12-08T00:00:00");
  });

  it("is exactly what buildSchedule makes of the committed sources (rebuild: npx tsx scripts/build-dataset.ts)", () => {
    const committed = read("schedule.json");
    expect(committed).toBe(formatSchedule(built));
    expect(loadSchedule()).toHaveLength(built.mstones.length);
    // Served without the provenance notes.
    expect(Object.keys(loadSchedule()[0] ?? {})).not.toContain("_source");
  });
});

describe("scheduleResponse", () => {
  const mstones = loadSchedule();
  const at = (iso: string) => Date.parse(iso);
  const answer = (query: string, now = at("2026-09-10T12:00:00Z")) => {
    const r = scheduleResponse(mstones, new URLSearchParams(query), now);
    return { status: r.status, body: JSON.parse(r.body.toString()) as unknown };
  };

  it("answers one milestone by number, with the real field names", () => {
    expect(answer("mstone=142")).toEqual({ status: 200, body: { mstones: [REAL_M142] } });
  });

  it("current is the latest milestone on Stable by the emulator's clock; next and previous around it", () => {
    // 2026-09-10: M153 went Stable on 09-08.
    expect(currentMilestone(mstones, at("2026-09-10T12:00:00Z"))).toBe(153);
    expect(answer("mstone=current").body).toMatchObject({ mstones: [{ mstone: 153 }] });
    expect(answer("mstone=next").body).toMatchObject({ mstones: [{ mstone: 154 }] });
    expect(answer("mstone=previous").body).toMatchObject({ mstones: [{ mstone: 152 }] });
    // The day before M153's Stable day (Pacific), M152 is still current.
    expect(currentMilestone(mstones, at("2026-09-08T06:00:00Z"))).toBe(152);
  });

  it("current and next follow the published Stable days across the year-end gap (M158 11-17, M159 12-08)", () => {
    // 2026-12-02 in Pacific time: M159 is not out yet (a week-early schedule would call it current).
    expect(answer("mstone=current", at("2026-12-02T20:00:00Z")).body).toMatchObject({
      mstones: [{ mstone: 158 }],
    });
    expect(answer("mstone=next", at("2026-12-02T20:00:00Z")).body).toMatchObject({
      mstones: [{ mstone: 159, stable_date: "2026-12-08T00:00:00" }],
    });
    expect(currentMilestone(mstones, at("2026-12-08T20:00:00Z"))).toBe(159);
  });

  it("refuses a missing, repeated or unreadable mstone with 400, quoting a short excerpt", () => {
    expect(answer("")).toEqual({
      status: 400,
      body: { error: "mstone is required: a milestone number, current, next or previous" },
    });
    expect(answer("mstone=1&mstone=2").status).toBe(400);
    const long = answer(`mstone=${"x".repeat(500)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body).length).toBeLessThan(200);
    expect(answer("mstone=-1").status).toBe(400);
  });

  it("answers 404 for a milestone outside the schedule", () => {
    expect(answer("mstone=999")).toEqual({ status: 404, body: { error: "No schedule for milestone 999" } });
  });
});

describe("GET /fetch_milestone_schedule over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startScheduleServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const origin = () => server.url.replace(/\/v1$/, "");

  it("serves the schedule on the service's port, with CORS for the extension", async () => {
    const res = await fetch(`${origin()}/fetch_milestone_schedule?mstone=current`);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({
      mstones: [{ mstone: 153, stable_date: "2026-09-08T00:00:00" }],
    });
  });

  it("answers a bad mstone with a 400 error body", async () => {
    const res = await fetch(`${origin()}/fetch_milestone_schedule?mstone=soon`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'mstone must be a milestone number or current, next, previous; got "soon"',
    });
  });
});
