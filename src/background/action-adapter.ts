/**
 * The only module that calls `action.*`. It takes an object shaped like `browser.action`, so tests pass the
 * stateful fake, and sends only what differs from what it last sent in each scope (global, or one tab).
 * https://developer.chrome.com/docs/extensions/reference/api/action
 *
 * A tab that had per-tab values and no longer has a context (it left the release page without a full
 * navigation, which is when the browser itself clears them) is given the global values as its own, and kept
 * in step with them, until the browser clears the tab (navigation: forgetTab) or it closes. The tab's own
 * badge text is cleared with `text: null`, which both browsers document; Firefox rejects the call without
 * `text` ("Property text is required") that Chromium also took.
 */
import type { ActionView, ToolbarState } from "./toolbar-state.ts";

type Details<T> = T & { tabId?: number };

export interface ActionApi {
  /** `text: null` with `tabId` clears the tab's own text, so the global one shows through. */
  setBadgeText(details: Details<{ text?: string | null }>): Promise<void>;
  setBadgeBackgroundColor(details: Details<{ color: string }>): Promise<void>;
  setTitle(details: Details<{ title: string }>): Promise<void>;
  setPopup(details: Details<{ popup: string }>): Promise<void>;
  enable(tabId?: number): Promise<void>;
  disable(tabId?: number): Promise<void>;
  /** Chrome 110+ and Firefox; feature-detected. */
  setBadgeTextColor?: (details: Details<{ color: string }>) => Promise<void>;
}

interface Applied {
  view: ActionView;
  /** Per-tab values that mirror the global ones (the tab has no context any more). */
  mirror: boolean;
}

export interface ActionAdapter {
  apply(desired: ToolbarState): Promise<void>;
  /** The browser cleared this tab's values (navigation) or the tab closed: nothing of ours is left on it. */
  forgetTab(tabId: number): void;
}

export function createActionAdapter(action: ActionApi): ActionAdapter {
  let global: ActionView | null = null;
  const tabs = new Map<number, Applied>();

  async function send(
    tabId: number | undefined,
    before: ActionView | null,
    view: ActionView,
    { mirror = false, resendEnabled = false }: { mirror?: boolean; resendEnabled?: boolean } = {},
  ): Promise<void> {
    const scope = tabId === undefined ? {} : { tabId };
    const calls: Promise<void>[] = [];
    if (mirror) {
      // A mirrored tab clears its own text once, so the global text shows through and follows later changes.
      if (before === null) calls.push(action.setBadgeText({ ...scope, text: null }));
    } else if (before?.text !== view.text) {
      calls.push(action.setBadgeText({ ...scope, text: view.text }));
    }
    if (before?.color !== view.color)
      calls.push(action.setBadgeBackgroundColor({ ...scope, color: view.color }));
    if (before?.textColor !== view.textColor && action.setBadgeTextColor) {
      calls.push(action.setBadgeTextColor({ ...scope, color: view.textColor }));
    }
    if (before?.title !== view.title) calls.push(action.setTitle({ ...scope, title: view.title }));
    if (before?.popup !== view.popup) calls.push(action.setPopup({ ...scope, popup: view.popup }));
    if (resendEnabled || before?.enabled !== view.enabled) {
      calls.push(view.enabled ? action.enable(tabId) : action.disable(tabId));
    }
    await Promise.all(calls);
  }

  return {
    async apply(desired) {
      // Chromium stores no per-tab enabled state equal to the tab's current state: enable(tab) while the
      // action is enabled globally is a no-op, and a later global disable() then disables that tab too.
      // So after a global change every tab's own state is sent again, and the global one goes first.
      const globalEnabledChanged = global !== null && global.enabled !== desired.global.enabled;
      await send(undefined, global, desired.global);
      global = desired.global;
      const resendEnabled = globalEnabledChanged;
      for (const [tabId, view] of desired.tabs) {
        const applied = tabs.get(tabId);
        await send(tabId, applied && !applied.mirror ? applied.view : null, view, { resendEnabled });
        tabs.set(tabId, { view, mirror: false });
      }
      for (const [tabId, applied] of tabs) {
        if (desired.tabs.has(tabId)) continue;
        await send(tabId, applied.mirror ? applied.view : null, desired.global, {
          mirror: true,
          resendEnabled,
        });
        tabs.set(tabId, { view: desired.global, mirror: true });
      }
    },
    forgetTab(tabId) {
      tabs.delete(tabId);
    },
  };
}
