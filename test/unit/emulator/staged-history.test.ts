// The bundled dataset's past Stable rollouts, read from the committed files and checked against the rules as
// emulator/data/README.md writes them (rule 7's table is parsed here, not imported from the build), so the
// rules documented are the rules applied.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../src/core/types.ts";

const read = (path: string): string =>
  readFileSync(new URL(`../../../emulator/data/${path}`, import.meta.url), "utf8");
const { releases } = JSON.parse(read("releases.json")) as { releases: ReleaseResource[] };
const { mstones } = JSON.parse(read("schedule.json")) as {
  mstones: { mstone: number; stable_date: string }[];
};
const stableDay = new Map(mstones.map((m) => [m.mstone, m.stable_date.slice(0, 10)]));
const DAY = 86_400_000;
const STAGED = ["win", "win64", "mac", "android"];

/** Rule 7 as the README states it: the hour of a step, and its table of shares. */
function documentedRule(): {
  hour: number;
  early: number;
  stable: number;
  after: [number, number][];
  full: (m: number) => number;
} {
  const readme = read("README.md");
  const rule = readme.slice(readme.indexOf("7. **Staged history"), readme.indexOf("No release ends before"));
  const hour = Number(/at (\d{2}):00 UTC/.exec(rule)?.[1]);
  const rows = [...rule.matchAll(/^\s*\| (.+?) +\| +([\d.]+) \|$/gm)].map(([, from, share]) => ({
    from: from ?? "",
    share: Number(share),
  }));
  const early = rows.find((r) => r.from.includes("before S's day"))?.share;
  const stable = rows.find((r) => r.from.startsWith("B = S ("))?.share;
  const after = rows.flatMap((r) => {
    const days = /^B \+ (\d+) days/.exec(r.from);
    return days ? [[Number(days[1]), r.share] as [number, number]] : [];
  });
  const fullRow = rows.find((r) => /\(M mod \d+\)\) days/.test(r.from));
  const [, base, mod] = /^B \+ \((\d+) \+ \(M mod (\d+)\)\)/.exec(fullRow?.from ?? "") ?? [];
  if (early === undefined || stable === undefined || fullRow?.share !== 1 || !base || !mod)
    throw new Error("rule 7's table in emulator/data/README.md is not as this test reads it");
  return { hour, early, stable, after, full: (m) => Number(base) + (m % Number(mod)) };
}

const PACIFIC = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" });

interface Rec {
  readonly r: ReleaseResource;
  readonly m: number;
  readonly start: number;
  readonly end: number;
}

function stableOf(platform: string): Rec[] {
  return releases
    .filter((r) => r.name.includes(`/platforms/${platform}/channels/stable/`))
    .map((r) => ({
      r,
      m: Number(r.version.split(".")[0]),
      start: Date.parse(r.serving.startTime),
      end: r.serving.endTime === undefined ? Infinity : Date.parse(r.serving.endTime),
    }));
}

/** The share of milestone `m` at `t`: its fractions summed in each group, the largest group. */
function shareAt(recs: readonly Rec[], m: number, t: number): number {
  const groups = new Map<string, number>();
  for (const x of recs)
    if (x.m === m && x.start <= t && t < x.end)
      groups.set(
        x.r.fractionGroup ?? x.r.name,
        (groups.get(x.r.fractionGroup ?? x.r.name) ?? 0) + x.r.fraction,
      );
  return Math.max(0, ...groups.values());
}

/** Each rise of `m`'s share: [time, share], from its first release. */
function rises(recs: readonly Rec[], m: number): [number, number][] {
  const times = [...new Set(recs.filter((x) => x.m === m).map((x) => x.start))].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const t of times) {
    const share = shareAt(recs, m, t);
    if (share > (out.at(-1)?.[1] ?? 0) + 1e-9) out.push([t, Math.round(share * 1e9) / 1e9]);
  }
  return out;
}

/** The steps rule 7 gives milestone `m` that first served at `first`. */
function expectedSteps(m: number, first: number): [number, number][] {
  const rule = documentedRule();
  const day = stableDay.get(m);
  const at = day === undefined ? NaN : Date.parse(`${day}T${String(rule.hour).padStart(2, "0")}:00:00Z`);
  const early = day !== undefined && PACIFIC.format(first) < day && at > first;
  const base = early ? at : first;
  return [
    ...(early ? [[first, rule.early] as [number, number]] : []),
    [base, rule.stable],
    ...rule.after.map(([days, share]): [number, number] => [base + days * DAY, share]),
    [base + rule.full(m) * DAY, 1],
  ];
}

describe("the bundled history's past Stable rollouts (emulator/data/README.md rule 7)", () => {
  it.each(STAGED)(
    "on %s: each milestone steps as the rule's table says, in records of the service's shape",
    (p) => {
      const recs = stableOf(p);
      const milestones = [...new Set(recs.map((x) => x.m))].sort((a, b) => a - b);
      // Past rollouts: every milestone with one before it, except the newest (rolling out now).
      const past = milestones.slice(1, -1);
      expect(past.length).toBeGreaterThan(60);
      for (const m of past) {
        const first = Math.min(...recs.filter((x) => x.m === m).map((x) => x.start));
        const steps = expectedSteps(m, first);
        expect({ m, steps: rises(recs, m) }).toEqual({ m, steps });
        const stepTimes = steps.map(([t]) => t);
        const mine = recs.filter((x) => x.m === m || x.m === m - 1);
        // A new record at each step: no record of this milestone or the one before spans one.
        expect(
          mine.filter((x) => stepTimes.some((t) => x.start < t && t < x.end)).map((x) => x.r.name),
        ).toEqual([]);
        for (const t of stepTimes.slice(0, -1))
          expect(recs.some((x) => x.m === m && x.start === t)).toBe(true);
        // Within the rollout, the fractions of its group add up to 1 at every record's start.
        const rolling = recs.filter((x) => x.m === m && x.r.fraction < 1);
        expect(rolling.length).toBeGreaterThan(0);
        for (const x of rolling) {
          const sum = recs
            .filter((y) => y.r.fractionGroup === x.r.fractionGroup && y.start <= x.start && x.start < y.end)
            .reduce((total, y) => total + y.r.fraction, 0);
          expect({ name: x.r.name, sum: Math.round(sum * 1e9) / 1e9 }).toEqual({ name: x.r.name, sum: 1 });
        }
      }
    },
  );

  it.each(STAGED)(
    "on %s: the live rollout's group adds up to 1 from the newest milestone's live release on",
    (p) => {
      const recs = stableOf(p);
      const newest = recs.filter((x) => x.end === Infinity).sort((a, b) => b.m - a.m)[0];
      expect(newest?.r.fraction).toBeLessThan(1);
      const group = recs.filter((x) => x.r.fractionGroup === newest?.r.fractionGroup);
      for (const t of [...new Set(group.map((x) => x.start))].filter((t) => t >= (newest?.start ?? 0))) {
        const sum = group
          .filter((y) => y.start <= t && t < y.end)
          .reduce((total, y) => total + y.r.fraction, 0);
        expect({ at: new Date(t).toISOString(), sum: Math.round(sum * 1e9) / 1e9 }).toEqual({
          at: new Date(t).toISOString(),
          sum: 1,
        });
      }
    },
  );

  it("names each record by its start second, and marks the records of a rollout as the service does", () => {
    for (const r of releases) {
      const seconds = Math.floor(Date.parse(r.serving.startTime) / 1000);
      expect(r.name.endsWith(`/releases/${seconds}`)).toBe(true);
      expect(r.pinnable).toBe(r.fraction === 1);
      expect(r.rolloutData?.length ?? 0).toBe(r.fraction < 1 ? 1 : 0);
    }
    expect(new Set(releases.map((r) => r.name)).size).toBe(releases.length);
  });

  it("serves Linux Stable and every Dev channel at 1, without steps", () => {
    const unstaged = releases.filter((r) => /\/platforms\/linux\/|\/channels\/dev\//.test(r.name));
    expect(unstaged.length).toBeGreaterThan(1000);
    expect(unstaged.filter((r) => r.fraction !== 1).map((r) => r.name)).toEqual([]);
  });
});
