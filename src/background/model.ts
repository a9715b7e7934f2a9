/**
 * The service worker's shared types: settings, page contexts and the views that pure modules compute and
 * the action adapter applies (issue 3). Types only.
 */

/** Stored in `chrome.storage.sync` under `settings`, as a partial object merged over the defaults. */
export interface Settings {
  /** The service base URL, ending in `/v1`. https, or http to a loopback address (the emulator). */
  readonly baseUrl: string;
  /** `chrome`, `fuchsiawebengine`, or the seed's `browser`, `webengine` (which the emulator serves). */
  readonly product: string;
  /** A service platform id, or `auto` (mapped from `runtime.getPlatformInfo()`). */
  readonly platform: string;
  /** A channel id (`stable`, `beta`, ...). */
  readonly channel: string;
  /** Minutes between polls. */
  readonly pollMinutes: number;
  /** What a click on the button does where no per-tab popup is set. */
  readonly clickAction: "popup" | "refresh" | "open-notes";
  /** Disabled globally, enabled only on release pages (the seed's page-action emulation). */
  readonly focusMode: boolean;
  /** Notifications for a new live version and for a rollout reaching 100%. */
  readonly notify: boolean;
}

/** What a release page is about (issue 3, "Per-tab status on release pages"). */
export type TabContext =
  | { readonly kind: "milestone"; readonly milestone: number }
  | { readonly kind: "version"; readonly version: string; readonly milestone: number }
  | { readonly kind: "channel"; readonly channel: string };

/** One badge: text, colours as `#RRGGBB`, and the tooltip. */
export interface BadgeView {
  readonly text: string;
  readonly color: string;
  readonly textColor: string;
  readonly title: string;
}

/** Everything the button shows in one scope (globally, or on one tab). */
export interface ActionView extends BadgeView {
  /** Popup path relative to the extension root; `""` means no popup, so a click fires `onClicked`. */
  readonly popup: string;
  readonly enabled: boolean;
}

/** The whole toolbar state the extension wants: global values and per-tab overrides for tabs with a context. */
export interface DesiredAction {
  readonly global: ActionView;
  /** Tabs absent here get no per-tab values (the global ones show). */
  readonly tabs: ReadonlyMap<number, ActionView>;
}
