/**
 * The agreement scenario on the fake alone, without Chromium: every call step succeeds and every observe
 * step is recorded, so the e2e comparison compares what it means to.
 */
import { describe, expect, it } from "vitest";
import {
  AGREEMENT_SCENARIO,
  DEFAULTS_SCENARIO,
  runScenarioOnFake,
  type ScenarioStep,
} from "../../scenarios/action-scenario.ts";

const ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

const observeSteps = (scenario: readonly ScenarioStep[]): number[] =>
  [...scenario.entries()].filter(([, step]) => step.kind === "observe").map(([index]) => index);

describe("the action scenarios on the fake", () => {
  it("the agreement scenario records one observation per observe step and no failed call", async () => {
    const observations = await runScenarioOnFake(AGREEMENT_SCENARIO, { origin: ORIGIN, name: "X" });
    expect(observations.map((o) => o.step)).toEqual(observeSteps(AGREEMENT_SCENARIO));
  });

  it("names tabs in error messages instead of ids", async () => {
    const observations = await runScenarioOnFake(AGREEMENT_SCENARIO, { origin: ORIGIN });
    const closed = observations.find((o) => o.call === "getTitle B" && "rejected" in o.outcome);
    expect(closed?.outcome).toEqual({ rejected: "No tab with id: {B}." });
  });

  it("the defaults scenario reads the manifest's defaults", async () => {
    const observations = await runScenarioOnFake(DEFAULTS_SCENARIO, {
      origin: ORIGIN,
      name: "Fixture",
      defaultPopup: "popup.html",
    });
    expect(observations.slice(0, 6).map((o) => o.outcome)).toEqual([
      { resolved: "Fixture" },
      { resolved: "" },
      { resolved: [0, 0, 0, 0] },
      { resolved: [0, 0, 0, 0] },
      { resolved: `${ORIGIN}/popup.html` },
      { resolved: true },
    ]);
  });
});
