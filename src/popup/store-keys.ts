/**
 * The keys the popup's store reads, each with its shape: loaded with the extension APIs' module, after the
 * first paint's script, which draws from the page's own copy (glance/glance-copy.ts) and so carries none of the shapes.
 */
import { POLL_STATE_KEY } from "../shared/store/poll-state.ts";
import { SCHEDULES_KEY } from "../shared/store/schedules.ts";
import { SETTINGS_KEY } from "../shared/store/settings.ts";
import { SNAPSHOT_KEY } from "../shared/store/snapshot.ts";
import { EXPLORER_KEY } from "../shared/store/store.ts";
import { TRACKED_KEY } from "../shared/tracked/items.ts";
import { TRACKED_VIEW_KEY } from "../shared/tracked/view.ts";
import { VISITORS_KEY } from "../shared/usage/visitors.ts";
import { USAGE_UPDATE_KEY } from "../shared/usage/update-store.ts";

export const POPUP_KEYS = {
  settings: SETTINGS_KEY,
  snapshot: SNAPSHOT_KEY,
  pollState: POLL_STATE_KEY,
  schedules: SCHEDULES_KEY,
  explorer: EXPLORER_KEY,
  tracked: TRACKED_KEY,
  trackedView: TRACKED_VIEW_KEY,
  visitors: VISITORS_KEY,
  usageUpdate: USAGE_UPDATE_KEY,
};
