/**
 * Defaults the build can override: `npm start` bakes in the local emulator's URL (see vite.config.ts).
 * Outside a Vite build (unit tests) the constants are absent and the real service is the default.
 */
export const DEFAULT_BASE_URL: string =
  import.meta.env.RR_DEFAULT_BASE_URL ?? "https://versionhistory.googleapis.com/v1";

export const DEFAULT_PRODUCT: string = import.meta.env.RR_DEFAULT_PRODUCT ?? "chrome";

/** Chromium Dash, whose milestone schedule the emulator also serves (beside its `/v1`, on the same port). */
export const DEFAULT_SCHEDULE_URL: string =
  import.meta.env.RR_DEFAULT_SCHEDULE_URL ?? "https://chromiumdash.appspot.com";
