/**
 * What the popup page asks of the world outside it, as popup.ts's createPopup takes it: the extension and
 * the browser (PopupApi, which extension-api.ts implements and tests fake) and the parts it loads after the
 * first paint (PopupParts, each a module of its own). Types only.
 */
import type { StoredVisitors } from "../shared/usage/visitors.ts";
import type { UsageUpdate } from "../shared/usage/update-store.ts";
import type { ThisBrowser } from "../shared/status/this-browser.ts";
import type { ScheduleEntry } from "../shared/store/schedules.ts";
import type { StoreKey } from "../shared/store/keys.ts";
import type * as Ask from "./ask/ask-dom.ts";
import type * as Explorer from "./explorer/open-explorer.ts";
import type * as Banners from "./glance/banners-dom.ts";
import type { GlanceCopy } from "./glance/glance-copy.ts";
import type * as Schedule from "./glance/schedule-dom.ts";
import type * as Watch from "./glance/watch-dom.ts";
import type { Stored } from "./stored.ts";
import type * as Tracked from "./tracked/tracked-dom.ts";
import type { TrackedApi } from "./tracked/tracked-dom.ts";

/** What the browser says of itself, which the header shows when it arrives (the first paint does not wait). */
export interface BrowserFacts {
  readonly thisBrowser: ThisBrowser | undefined;
  /** Whether the button is pinned to the toolbar; null when the browser cannot say. */
  readonly pinned: boolean | null;
}

/** What the page asks of the extension and of the browser outside the page (extension-api.ts). */
export interface PopupApi {
  /** Keeps the glance as the page's own copy, which the next open's first paint draws (glance/glance-copy.ts). */
  readonly saveCopy: (copy: GlanceCopy) => void;
  /** Settings, snapshot and poll state, from extension storage. */
  readonly loadStored: () => Promise<Stored>;
  /**
   * Calls `callback` with the keys that changed of what the page shows; resolves once the listener is in
   * place: a read after that misses no change.
   */
  readonly onStoredChange: (callback: (changed: readonly StoreKey[]) => void) => Promise<void>;
  readonly loadBrowserFacts: () => Promise<BrowserFacts>;
  readonly loadSchedules: () => Promise<readonly ScheduleEntry[]>;
  /** The visitors imported in options (a browserslist stats file), or null. */
  readonly loadVisitors: () => Promise<StoredVisitors | null>;
  /** The monthly usage update as kept, or null. */
  readonly loadUsageUpdate: () => Promise<UsageUpdate | null>;
  /** What an earlier popup stored of the explorer's filters, unchecked. */
  readonly loadExplorerState: () => Promise<unknown>;
  readonly saveExplorerState: (value: unknown) => Promise<void>;
  /** Asks the worker to poll now; resolves once it has stored the outcome. */
  readonly checkNow: () => Promise<void>;
  /** Asks the worker for a milestone's schedule; resolves once it is stored (loadSchedules has it). */
  readonly askSchedule: (milestone: number) => Promise<void>;
  /** Changes what the toolbar watches (the settings' platform or channel). */
  readonly saveWatch: (changes: { platform?: string; channel?: string }) => Promise<void>;
  readonly copyText: (text: string) => Promise<void>;
  readonly openOptions: () => Promise<void>;
  readonly openUpdatePage: () => Promise<void>;
  /** Opens this page in a tab, with `query`, and closes this one. */
  readonly moveToTab: (query: string) => Promise<void>;
  readonly tracked: TrackedApi;
}

/** The parts loaded after the first paint, each a module of its own (what this page uses of it). */
export interface PopupParts {
  readonly banners: () => Promise<Pick<typeof Banners, "createBanners">>;
  readonly watch: () => Promise<Pick<typeof Watch, "bindWatch">>;
  readonly schedule: () => Promise<Pick<typeof Schedule, "showSchedule">>;
  readonly explorer: () => Promise<Pick<typeof Explorer, "openExplorer">>;
  readonly ask: () => Promise<Pick<typeof Ask, "openAsk">>;
  readonly tracked: () => Promise<Pick<typeof Tracked, "bindTracked">>;
}

export interface PopupDeps {
  readonly api: PopupApi;
  readonly parts: PopupParts;
  /** The page's query (`location.search`): `mode=tab` for the explorer in a tab, and the release page's context. */
  readonly search: string;
  /**
   * On the answer page, settles once the worker's answer is on screen (or will not be): the page's other
   * work after its first paint (the extension APIs, storage) waits for it, so as not to hold that frame back.
   */
  readonly firstAnswer?: Promise<unknown>;
  /**
   * Settles once the first paint's script (main.ts) has drawn the page's copy and that frame is done;
   * absent when it drew nothing (a first open): the page then draws storage's answer as its first paint.
   */
  readonly painted?: Promise<void>;
}
