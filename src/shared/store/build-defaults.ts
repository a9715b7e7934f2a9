/**
 * Defaults the build can override: `npm start` bakes in the local emulator's URL (see vite.config.ts).
 * Outside a Vite build (unit tests) the constants are absent and the real service is the default.
 */

/** Google's version-history service. */
export const REAL_BASE_URL = "https://versionhistory.googleapis.com/v1";

/** Chromium Dash, which publishes the milestone schedule of the releases the real service lists. */
export const CHROMIUM_DASH_URL = "https://chromiumdash.appspot.com";

export const DEFAULT_BASE_URL: string = import.meta.env.RR_DEFAULT_BASE_URL ?? REAL_BASE_URL;

export const DEFAULT_PRODUCT: string = import.meta.env.RR_DEFAULT_PRODUCT ?? "chrome";

/**
 * The schedule the build pairs with its default service, when the build names one (`RR_DEFAULT_SCHEDULE_URL`;
 * a build pointed at the emulator names the emulator's origin, which serves the schedule beside `/v1`).
 * Absent, the schedule follows the service as for any other (settings.ts's scheduleUrlFor).
 */
export const BUILD_SCHEDULE_URL: string | undefined = import.meta.env.RR_DEFAULT_SCHEDULE_URL;

/** caniuse's public repository files (`data.json`, `region-usage-json/XX.json`): the usage tables' source. */
export const CANIUSE_RAW_URL = "https://raw.githubusercontent.com/Fyrd/caniuse/main";

/**
 * Where the build's default service's usage tables come from when the build names it
 * (`RR_DEFAULT_USAGE_URL`; a build pointed at the emulator names the emulator's `/caniuse`, which serves
 * caniuse's files beside `/v1`). Absent, caniuse's own repository.
 */
export const BUILD_USAGE_URL: string | undefined = import.meta.env.RR_DEFAULT_USAGE_URL;
