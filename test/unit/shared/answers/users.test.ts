// The share of users in a feature's and a key's answer: worldwide, the region chosen and the person's
// visitors, the groups that lack it, the unknown browsers, the credit caniuse's licence asks for, and the
// one line the address bar shows.
import { describe, expect, it } from "vitest";
import { ask, suggest } from "../../../../src/shared/answers/index.ts";
import { percent, type UsageContext } from "../../../../src/shared/answers/users.ts";
import { readRegionFile } from "../../../../src/core/usage/table.ts";
import { GERMANY, handUsageAsset } from "../../../fakes/usage.ts";
import { context } from "./fixtures.ts";

const asset = handUsageAsset();
const worldOnly: UsageContext = { asset, region: null, visitors: null };
const visitors = {
  kind: "visitors" as const,
  id: "visitors",
  name: "your visitors",
  month: "",
  agents: { chrome: { "106": 90 }, ios_saf: { "15.2-15.3": 10 } },
};
const everything: UsageContext = {
  asset,
  region: readRegionFile(GERMANY, asset.current),
  visitors,
};

describe("a feature's share of users", () => {
  it("opens the answer: worldwide, then the region and the visitors, with the month each is of", () => {
    const answer = ask(":has()", context({ usage: everything }));
    expect(answer.lines[0]).toBe(
      "75.0% of users worldwide have it, caniuse usage of 2026-09-28 · Germany 35.0% (2026-08) · your visitors 90.0%",
    );
  });

  it("names the largest groups that lack it, among the most specific table's users", () => {
    expect(ask(":has()", context({ usage: worldOnly })).lines[1]).toBe(
      "Lacking it worldwide: Chrome before 105: 10.0% · Safari on iOS before 15.4: 5.0%",
    );
    expect(ask(":has()", context({ usage: everything })).lines[1]).toBe(
      "Lacking it among your visitors: Safari on iOS before 15.4: 10.0%",
    );
  });

  it("says which users are unknown, and the browsers", () => {
    expect(ask(":has()", context({ usage: worldOnly })).lines[2]).toBe(
      "Unknown: 2.0% worldwide use browsers or versions the support data does not cover (UC Browser for Android).",
    );
  });

  it("credits caniuse and names the table the support came from", () => {
    expect(ask(":has()", context({ usage: worldOnly })).lines).toContain(
      "Share of users: caniuse.com's usage and support table (css-has), © Alexis Deveria, CC BY 4.0.",
    );
  });

  it("hands the page a bar per table and per browser of the most specific one", () => {
    const users = ask(":has()", context({ usage: everything })).users;
    expect(users?.figures.map((f) => [f.name, f.has])).toEqual([
      ["worldwide", 75],
      ["Germany", 35],
      ["your visitors", 90],
    ]);
    expect(users?.of).toBe("your visitors");
    expect(users?.browsers.map((b) => [b.name, b.has, b.not])).toEqual([
      ["Chrome", 90, 0],
      ["Safari on iOS", 0, 10],
    ]);
  });

  it("says why a region's share is missing, and why the share of users is unknown", () => {
    const regionProblem = "The share in Germany is unknown: HTTP 404";
    expect(ask(":has()", context({ usage: { ...worldOnly, regionProblem } })).lines).toContain(regionProblem);
    const usageProblem = "Share of users unknown: usage.json is not JSON";
    expect(ask(":has()", context({ usageProblem })).lines[0]).toBe(usageProblem);
  });

  it("is in the address bar's one line", () => {
    const [first] = suggest(":has()", context({ usage: worldOnly }));
    expect(first?.description).toContain(":has() · 75.0% of users worldwide · Chrome 105");
  });
});

describe("a percentage", () => {
  it("never rounds a share up to 100% or down to 0%", () => {
    expect([100, 99.97, 94.83, 0.06, 0.02, 0].map(percent)).toEqual([
      "100%",
      "99.9%",
      "94.8%",
      "0.1%",
      "<0.1%",
      "0%",
    ]);
  });
});
