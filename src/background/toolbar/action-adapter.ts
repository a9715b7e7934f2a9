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
 *
 * Applies run one after another: each diffs against what the one before sent, which a second apply started
 * while the first still waits for the browser would not see (the worker applies on every settings change,
 * poll and tab update, without waiting for one another): it would draw and send the same icon again, or skip
 * an icon the first is about to replace.
 *
 * Icons: a view's icon is drawn (icon-paint.ts) and set only when its key changes in that scope. The first
 * failure, of the painter or of `setIcon` itself, is logged once; from then on the adapter reports that
 * drawn icons do not work (`iconsWork`), and once that apply is done calls `onIconsFailed`, so the caller
 * applies views without them (the badge then carries the share), which puts the static icon back in every
 * scope that meant to draw one.
 */
import { iconKey, type IconSpec } from "./icon.ts";
import type { IconImages, IconPainter } from "./icon-paint.ts";
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
  setIcon?: (
    details: Details<{ imageData: IconImages } | { path: Readonly<Record<string, string>> }>,
  ) => Promise<void>;
}

/** The manifest's `action.default_icon` at the toolbar's sizes: what the button shows without a drawn icon. */
export const STATIC_ICON: Readonly<Record<string, string>> = {
  16: "icons/icon-16.png",
  32: "icons/icon-32.png",
};

export interface IconOptions {
  readonly painter: IconPainter;
  /** Told once, when drawn icons stop working: the caller shows the toolbar again without them. */
  readonly onIconsFailed: () => void;
  readonly warn: (message: string) => void;
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
  /** False once drawing or setting an icon failed, or from the start where no icon can be drawn. */
  iconsWork(): boolean;
}

function noIconMessage(reason: string): string {
  return (
    `Release Radar: the toolbar icon cannot show the rollout (${reason}); it keeps its static icon and ` +
    `the badge shows the share instead`
  );
}

/**
 * The calls that bring a scope's badge, title and popup from `before` (null: unknown) to `view`: only what
 * changed. A mirrored tab clears its own text once, so the global text shows through and follows later
 * changes.
 */
function textCalls(
  action: ActionApi,
  scope: { tabId?: number },
  before: ActionView | null,
  view: ActionView,
  mirror: boolean,
): Promise<void>[] {
  const calls: Promise<void>[] = [];
  if (mirror) {
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
  return calls;
}

export function createActionAdapter(action: ActionApi, icons?: IconOptions): ActionAdapter {
  let global: ActionView | null = null;
  const tabs = new Map<number, Applied>();
  const painter = icons?.painter;
  let iconFailure: string | null =
    action.setIcon === undefined
      ? "action.setIcon is not available"
      : painter === undefined
        ? "no icon painter"
        : painter.ok
          ? null
          : painter.reason;
  /** Drawing failed during the running apply: the caller hears of it once that apply has recorded its views. */
  let failedNow = false;
  /** The last apply asked for, settled or not: the next one starts when it has. */
  let applying: Promise<void> = Promise.resolve();

  if (iconFailure !== null && icons) icons.warn(noIconMessage(iconFailure));

  function iconsFailed(reason: string): void {
    if (iconFailure !== null) return;
    iconFailure = reason;
    failedNow = true;
    icons?.warn(noIconMessage(reason));
  }

  /** Draws and sets `icon` in the scope; null puts the manifest's static icon back. */
  async function sendIcon(scope: { tabId?: number }, icon: IconSpec | null): Promise<void> {
    // Looked up at each call, as every other method is, rather than bound once.
    if (!action.setIcon || !painter?.ok) return;
    if (icon === null) {
      await action.setIcon({ ...scope, path: STATIC_ICON }).catch(() => undefined);
      return;
    }
    if (iconFailure !== null) return;
    let imageData: IconImages;
    try {
      imageData = painter.paint(icon);
    } catch (error) {
      iconsFailed(`drawing it failed: ${String(error)}`);
      return;
    }
    try {
      await action.setIcon({ ...scope, imageData });
    } catch (error) {
      iconsFailed(`action.setIcon refused it: ${String(error)}`);
    }
  }

  async function send(
    tabId: number | undefined,
    before: ActionView | null,
    view: ActionView,
    { mirror = false, resendEnabled = false }: { mirror?: boolean; resendEnabled?: boolean } = {},
  ): Promise<void> {
    const scope = tabId === undefined ? {} : { tabId };
    const calls = textCalls(action, scope, before, view, mirror);
    // Unknown (before === null): sent, since the scope may still hold a drawn icon of earlier values.
    if (
      before === null
        ? view.icon !== null || iconFailure === null
        : iconKey(before.icon) !== iconKey(view.icon)
    )
      calls.push(sendIcon(scope, view.icon));
    if (resendEnabled || before?.enabled !== view.enabled) {
      calls.push(view.enabled ? action.enable(tabId) : action.disable(tabId));
    }
    await Promise.all(calls);
  }

  async function applyNow(desired: ToolbarState): Promise<void> {
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
    // Told after the views are recorded, so the caller's views without icons differ from them in every
    // scope that meant to draw, and the static icon goes back there.
    if (failedNow) {
      failedNow = false;
      icons?.onIconsFailed();
    }
  }

  return {
    apply(desired) {
      const run = applying.then(() => applyNow(desired));
      applying = run.catch(() => undefined);
      return run;
    },
    forgetTab(tabId) {
      tabs.delete(tabId);
    },
    iconsWork() {
      return iconFailure === null;
    },
  };
}
