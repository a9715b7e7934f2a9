/**
 * The options page's behaviour, with every effect passed in (storage, permissions, the platform, the
 * service's lists), so unit tests drive it over index.html's markup with fakes and main.ts only wires
 * `browser` to it. It shows the settings stored in `storage.sync`, checks each field as it is edited, and
 * saves only the fields the person changed. The rules and the form mapping are pure (form.ts,
 * ../shared/settings.ts); the parts of the page are their own modules (controls, field errors, the service
 * field and its permission prompt, the watch choices, reset and undo, changes from elsewhere, the status
 * line). Text from storage goes in through `value` and `textContent` only, never as markup.
 */
import { byId } from "../shared/page/dom.ts";
import { servicePlatform, type PlatformInfoLike } from "../shared/watch/device-platform.ts";
import type { ServiceIds } from "../shared/watch/service-ids.ts";
import {
  DEFAULT_SETTINGS,
  loadSettings,
  saveSettings,
  SETTINGS_KEY,
  type Settings,
} from "../shared/store/settings.ts";
import { SNAPSHOT_KEY } from "../shared/store/snapshot.ts";
import { createStore, type StorageLike } from "../shared/store/store.ts";
import type { PermissionsLike } from "./access.ts";
import { createControls } from "./controls.ts";
import { createElsewhere } from "./elsewhere.ts";
import { checkedField, showError, showErrors } from "./field-errors.ts";
import {
  changedSettings,
  fieldError,
  followedScheduleUrl,
  formService,
  readForm,
  toFormValues,
} from "./form.ts";
import { createReset } from "./reset.ts";
import { createServiceField } from "./service-field.ts";
import { createStatus } from "./status.ts";
import { createWatchChoices } from "./watch-choices.ts";
import { USAGE_FILE } from "../core/usage/asset.ts";
import { createUsageLoader } from "../shared/usage/usage-file.ts";
import { VISITORS_KEY } from "../shared/usage/visitors.ts";
import { USAGE_UPDATE_KEY } from "../shared/usage/update-store.ts";
import { usageSourceOf } from "../shared/usage/usage-source.ts";
import { showUsageUpdate } from "./usage-status.ts";
import { fillRegions } from "./usage-choices.ts";
import { bindVisitors } from "./visitors-import.ts";

export interface OptionsDeps {
  /** `browser.storage`: the settings in `sync`, the snapshot (offered by the watch lists) in `local`. */
  readonly storage: StorageLike;
  readonly permissions: PermissionsLike;
  readonly platformInfo: () => Promise<PlatformInfoLike>;
  /** The page's ServiceIds for a base URL: the service's own platform and channel lists. */
  readonly serviceIds: (baseUrl: string) => ServiceIds;
  readonly warn: (message: string) => void;
  readonly fetch: typeof fetch;
  /** A file of the extension as a full URL (`runtime.getURL`): the usage data. */
  readonly fileUrl: (path: string) => string;
}

/** The stored keys the options page reads and writes. */
const OPTIONS_KEYS = {
  settings: SETTINGS_KEY,
  snapshot: SNAPSHOT_KEY,
  visitors: VISITORS_KEY,
  usageUpdate: USAGE_UPDATE_KEY,
};
type OptionsStore = ReturnType<typeof createStore<typeof OPTIONS_KEYS>>;

/**
 * What the page starts from: the stored settings, the last snapshot (for the lists of platforms and channels;
 * null when it cannot be read, which is said in the console) and this device's platform (null if unknown).
 */
async function startingPoint(store: OptionsStore, deps: Pick<OptionsDeps, "warn" | "platformInfo">) {
  const [stored, snapshot, platformInfo] = await Promise.all([
    loadSettings(store),
    store.get("snapshot").catch((e: unknown) => {
      deps.warn(`Release Radar: the stored snapshot could not be read: ${String(e)}`);
      return null;
    }),
    deps.platformInfo().catch(() => null),
  ]);
  return { stored, snapshot, platformInfo };
}

/** Draws the page in the current document and wires it; resolves when the stored settings are shown. */
export async function createOptions(deps: OptionsDeps): Promise<void> {
  const store = createStore(deps.storage, OPTIONS_KEYS, deps.warn);
  const usage = createUsageLoader(deps.fetch, deps.fileUrl(USAGE_FILE));
  const form = byId("settings", HTMLFormElement);
  const status = createStatus();
  const controls = createControls();
  const serviceField = createServiceField({ permissions: deps.permissions, status, write });
  const reset = createReset({ store, status, fill, write, dismiss: () => serviceField.hide() });
  const elsewhere = createElsewhere({ status, fill });
  /** What the form was last filled with: edits are measured against it and saved as the difference. */
  let base: Settings = DEFAULT_SETTINGS;

  const { stored, snapshot, platformInfo } = await startingPoint(store, deps);
  const watch = createWatchChoices({
    serviceIds: deps.serviceIds,
    service: () => formService(controls.read(), base),
    detected: platformInfo === null ? null : servicePlatform(platformInfo),
    snapshot,
  });

  /** Shows `settings` in every control and makes them the base that edits are measured against. */
  function fill(settings: Settings): void {
    const values = toFormValues(settings);
    base = settings;
    controls.show(values);
    watch.askAgain();
    watch.show(values.platform, values.channel);
    showFollowed();
    byId("usageUpdates-source", HTMLElement).textContent = usageSourceOf(settings);
    void showUpdate();
    elsewhere.hide();
    serviceField.hide();
    showErrors({});
  }

  /** The monthly update's state, as kept, under its checkbox. */
  async function showUpdate(): Promise<void> {
    const [update, day] = await Promise.all([
      store.get("usageUpdate").catch(() => null),
      usage().then(
        (a) => a.source.updated,
        () => null,
      ),
    ]);
    showUsageUpdate(update, base.usageUpdates, day);
  }

  /** The schedule an empty schedule box stands for, for the service the form names now. */
  function showFollowed(): void {
    serviceField.showFollowed(followedScheduleUrl(controls.read(), base));
  }

  async function write(changes: Partial<Settings>, done: string): Promise<void> {
    status.busy(true);
    try {
      fill(await saveSettings(store, changes));
      status.say(done);
    } catch (error) {
      status.failed("Not saved", error);
    } finally {
      status.busy(false);
    }
  }

  /** Checks the form and saves what changed; nothing before serviceField.save is awaited (its prompt). */
  function save(): Promise<void> {
    serviceField.hide();
    reset.hideUndo();
    const reading = readForm(controls.read());
    if (!reading.ok) {
      showErrors(reading.errors);
      status.say("Not saved: correct the marked fields.", "error");
      return Promise.resolve();
    }
    showErrors({});
    const changes = changedSettings(base, reading.settings);
    if (Object.keys(changes).length === 0) {
      status.say("No changes to save.");
      return Promise.resolve();
    }
    return serviceField.save(changes, base);
  }

  function edited(event: Event): void {
    // An edit makes a pending "Save anyway" stale: it was about the values before this edit. An Undo of a
    // reset goes too: restoring would now overwrite the edit.
    serviceField.hide();
    reset.hideUndo();
    status.clear();
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    const key = checkedField(target.name);
    if (key === undefined) return;
    showError(key, fieldError(key, controls.read()));
    if (key === "baseUrl") showFollowed();
    // The lists follow the service and platform once chosen (a change, not each key typed in the address).
    if (event.type === "change" && (key === "baseUrl" || key === "product" || key === "platform"))
      watch.refresh();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void save();
  });
  form.addEventListener("input", edited);
  form.addEventListener("change", edited);
  fill(stored);
  status.busy(false);
  // After the form: neither the regions' names nor the imported file holds the settings back.
  void fillRegions(usage);
  void bindVisitors(store, async () => (await usage()).current);
  // Read back from storage rather than taken from the event: a burst of writes ends with what is stored now.
  store.onChange(["usageUpdate"], () => void showUpdate());
  store.onChange(["settings"], () => {
    void loadSettings(store).then((settings) => elsewhere.changed(settings, base, controls.read()));
  });
}
