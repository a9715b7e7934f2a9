// browser-compat-data's support mapped onto caniuse's browser versions, on hand-made statements: what a user
// of each version has, and which browsers are unknown.
import { describe, expect, it } from "vitest";
import {
  bcdSpec,
  bcdStatus,
  caniuseStatus,
  packRuns,
  unpackRuns,
} from "../../../../src/core/usage/support.ts";
import { bcdSupport } from "../../../../src/core/usage/subject-support.ts";
import { usersShare } from "../../../../src/core/usage/shares.ts";
import { handUsageAsset } from "../../../fakes/usage.ts";

describe("a browser's statements at caniuse's versions", () => {
  it("has it from the version added, and lacks it before", () => {
    const spec = bcdSpec({ version_added: "105" });
    expect(["104", "105", "154"].map((v) => bcdStatus(spec, v))).toEqual(["n", "y", "y"]);
  });

  it("reads a range of versions as having it only when all of it does, unknown when it straddles", () => {
    const spec = bcdSpec({ version_added: "17.5" });
    expect(bcdStatus(spec, "17.2-17.3")).toBe("n");
    expect(bcdStatus(spec, "17.4-17.5")).toBe("u");
    expect(bcdStatus(spec, "17.5-17.6")).toBe("y");
  });

  it("gives Safari's Technology Preview what any statement not removed says, a preview-only one included", () => {
    expect(bcdStatus(bcdSpec({ version_added: "18" }), "TP")).toBe("y");
    expect(bcdStatus(bcdSpec({ version_added: "preview" }), "TP")).toBe("y");
    expect(bcdStatus(bcdSpec({ version_added: "preview" }), "27")).toBe("n");
    expect(bcdStatus(bcdSpec({ version_added: "1", version_removed: "17" }), "TP")).toBe("n");
  });

  it("lacks it from the version it was removed in", () => {
    const spec = bcdSpec({ version_added: "1", version_removed: "127" });
    expect(["126", "127", "130"].map((v) => bcdStatus(spec, v))).toEqual(["y", "n", "n"]);
  });

  it("counts support behind a flag as not: no user has it by default", () => {
    const spec = bcdSpec([{ version_added: "120", flags: [{ type: "preference", name: "x" }] }]);
    expect(spec).toBe("");
    expect(bcdStatus(spec, "130")).toBe("n");
  });

  it("counts prefixed and partial support apart from full support, and the fullest statement wins", () => {
    const spec = bcdSpec([
      { version_added: "90" },
      { version_added: "60", prefix: "-webkit-" },
      { version_added: "40", partial_implementation: true },
    ]);
    expect(["30", "50", "70", "95"].map((v) => bcdStatus(spec, v))).toEqual(["n", "a", "x", "y"]);
  });

  it("leaves versions before a `≤` version, and a statement without a version, unknown", () => {
    expect(bcdStatus(bcdSpec({ version_added: "≤37" }), "30")).toBe("u");
    expect(bcdStatus(bcdSpec({ version_added: "≤37" }), "40")).toBe("y");
    expect(bcdStatus(bcdSpec({ version_added: true }), "40")).toBe("u");
  });

  it("places no release under a version name it cannot read (Opera Mini's `all`)", () => {
    expect(bcdStatus(bcdSpec({ version_added: "1" }), "all")).toBe("u");
  });
});

describe("a subject's support across caniuse's agents", () => {
  // chrome, chrome_android, edge, firefox, firefox_android, safari, safari_ios, ie
  const spec = ["y105", "y105", "y105", "y121", "y121", "y15.4", "y15.4", ""].join(";");
  const usage = handUsageAsset({ engines: { samsung: { "20": "106", "4": "44" } } });
  const support = bcdSupport(usage, spec);

  it("reads each agent against its own browser", () => {
    expect(support("ios_saf", "15.2-15.3")).toBe("n");
    expect(support("ios_saf", "16.0")).toBe("y");
    expect(support("ie", "11")).toBe("n");
  });

  it("reads Chromium-based agents through Chrome at their engine version", () => {
    expect(support("samsung", "20")).toBe("y");
    expect(support("samsung", "4")).toBe("n");
    expect(support("samsung", "99")).toBe("u");
  });

  it("says unknown for browsers the support data lacks, and names them", () => {
    expect(["and_uc", "and_qq", "baidu", "kaios", "op_mini", "bb"].map((a) => support(a, "1"))).toEqual(
      Array(6).fill("u"),
    );
    const share = usersShare(
      {
        kind: "visitors",
        id: "visitors",
        name: "your visitors",
        month: "",
        agents: { chrome: { "104": 10, "105": 50 }, and_uc: { "15.5": 5 }, op_mini: { all: 2 } },
      },
      support,
    );
    expect(share).toMatchObject({ has: 50, not: 10, unknown: 7, tracked: 67 });
    expect(share.unknownBrowsers).toEqual(["UC Browser for Android", "Opera Mini"]);
    expect(share.lacking).toEqual([{ agent: "chrome", name: "Chrome before 105", share: 10 }]);
  });
});

describe("caniuse's own statuses", () => {
  it("count what starts with y as having it (prefixed apart), a as partly, n and p as not", () => {
    expect(["y", "y x", "y #2", "a x #1", "n d", "p", "u"].map(caniuseStatus)).toEqual([
      "y",
      "x",
      "y",
      "a",
      "n",
      "n",
      "u",
    ]);
  });

  it("are packed in runs and read back, and refuse more letters than versions", () => {
    const letters = ["n", "n", "n", "a", "y", "y"] as const;
    expect(packRuns(letters)).toBe("n3ay2");
    expect(unpackRuns("n3ay2", 6)).toEqual(letters);
    expect(unpackRuns("n3ay2", 5)).toBeNull();
    expect(unpackRuns("n3<b>", 9)).toBeNull();
  });
});
