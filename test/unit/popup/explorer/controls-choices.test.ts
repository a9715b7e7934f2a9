import { describe, expect, it } from "vitest";
import { orderChoices } from "../../../../src/popup/explorer/control-choices.ts";

// Products, platforms and channels come from the shared choices (test/unit/shared/watch/pick-lists.test.ts).
describe("control choices", () => {
  it("offers no sort key, then the view's fields", () => {
    expect(orderChoices(["version", "starttime"])).toEqual([
      { value: "", label: "—" },
      { value: "version", label: "Version" },
      { value: "starttime", label: "Start" },
    ]);
  });
});
