import { describe, expect, it } from "vitest";
import { createBadgeApplier, type ActionLike } from "../../../src/background/action-adapter.ts";
import type { BadgeView } from "../../../src/background/badge.ts";

/** Remembers the global values, like the toolbar does, and logs the calls that reached it. */
function fakeAction(withTextColor = true): {
  action: ActionLike;
  state: Record<string, string>;
  calls: string[];
} {
  const state: Record<string, string> = {};
  const calls: string[] = [];
  const setter =
    (key: string) =>
    (d: { text?: string; color?: string; title?: string }): Promise<void> => {
      state[key] = d.text ?? d.color ?? d.title ?? "";
      calls.push(key);
      return Promise.resolve();
    };
  const action: ActionLike = {
    setBadgeText: setter("text"),
    setBadgeBackgroundColor: setter("color"),
    setTitle: setter("title"),
    ...(withTextColor ? { setBadgeTextColor: setter("textColor") } : {}),
  };
  return { action, state, calls };
}

const view: BadgeView = { text: "151", color: "#188038", textColor: "#FFFFFF", title: "t" };

describe("badge applier", () => {
  it("applies every part of the first view", async () => {
    const { action, state } = fakeAction();
    await createBadgeApplier(action)(view);
    expect(state).toEqual({ text: "151", color: "#188038", textColor: "#FFFFFF", title: "t" });
  });

  it("sends only what changed", async () => {
    const { action, state, calls } = fakeAction();
    const apply = createBadgeApplier(action);
    await apply(view);
    await apply({ ...view, title: "new" });
    await apply({ ...view, title: "new" });
    expect(calls.slice(4)).toEqual(["title"]);
    expect(state.title).toBe("new");
  });

  it("skips the text colour where the browser has no setBadgeTextColor", async () => {
    const { action, calls } = fakeAction(false);
    await createBadgeApplier(action)(view);
    expect(calls.sort()).toEqual(["color", "text", "title"]);
  });
});
