/**
 * The only module that calls `action.*` (STYLE.md: one adapter per namespace). It takes an object shaped
 * like `chrome.action`, so tests pass a fake, and sends only what changed since the last view it applied.
 */
import type { BadgeView } from "./badge.ts";

export interface ActionLike {
  setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string; tabId?: number }): Promise<void>;
  setTitle(details: { title: string; tabId?: number }): Promise<void>;
  /** Chrome 110+; feature-detected (issue 3). */
  setBadgeTextColor?: (details: { color: string; tabId?: number }) => Promise<void>;
}

/** Returns an applier of global badge views that remembers what it last sent. */
export function createBadgeApplier(action: ActionLike): (view: BadgeView) => Promise<void> {
  let last: BadgeView | null = null;
  return async (view) => {
    const sends: Promise<void>[] = [];
    if (last?.text !== view.text) sends.push(action.setBadgeText({ text: view.text }));
    if (last?.color !== view.color) sends.push(action.setBadgeBackgroundColor({ color: view.color }));
    if (last?.title !== view.title) sends.push(action.setTitle({ title: view.title }));
    if (last?.textColor !== view.textColor && action.setBadgeTextColor) {
      sends.push(action.setBadgeTextColor({ color: view.textColor }));
    }
    await Promise.all(sends);
    last = view;
  };
}
