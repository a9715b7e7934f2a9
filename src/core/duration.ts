/** Lengths of time in milliseconds, written once. A UTC day has no daylight-saving change, so it is always DAY_MS. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
