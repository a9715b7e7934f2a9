// A watched item's line says only what holds (issue 41, point 3): an expected day gone by is late, not ahead.
import { describe, expect, it } from "vitest";
import { rowLine } from "../../../../src/popup/tracked/tracked-list.ts";
import type { TrackedViewItem } from "../../../../src/shared/tracked/view.ts";

const row = (day: string): TrackedViewItem["rows"][number] => ({
  platform: "win64",
  channel: "stable",
  state: "rolling",
  text: "rolling out: 38% of Windows Stable",
  share: 0.38,
  expected: { day, why: "on Stable since 2026-10-20; usually 3-9 days after Stable" },
});

describe("a watched row's expected day", () => {
  it("is 'about' the day while it is ahead or today", () => {
    expect(rowLine(row("2026-12-03"), "2026-11-28")).toBe(
      "rolling out: 38% of Windows Stable · expected about 2026-12-03",
    );
    expect(rowLine(row("2026-11-28"), "2026-11-28")).toContain("expected about 2026-11-28");
  });

  it("says how late it is once gone by, never as if still ahead", () => {
    expect(rowLine(row("2026-11-03"), "2026-11-28")).toBe(
      "rolling out: 38% of Windows Stable · expected 2026-11-03, 25 days late",
    );
    expect(rowLine(row("2026-11-27"), "2026-11-28")).toContain("expected 2026-11-27, 1 day late");
  });
});
