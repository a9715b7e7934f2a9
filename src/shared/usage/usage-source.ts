/**
 * Where the monthly usage update asks for caniuse's files (settings `usageUpdates`).
 */
import { BUILD_USAGE_URL, CANIUSE_RAW_URL, DEFAULT_BASE_URL } from "../store/build-defaults.ts";
import type { Settings } from "../store/settings.ts";

/**
 * Where the monthly usage update comes from: the one the build pairs with its default service (the
 * emulator's `/caniuse` for a build pointed at it), else caniuse's public repository files.
 */
export function usageSourceOf(settings: Pick<Settings, "baseUrl">): string {
  if (BUILD_USAGE_URL !== undefined && new URL(settings.baseUrl).origin === new URL(DEFAULT_BASE_URL).origin)
    return BUILD_USAGE_URL;
  return CANIUSE_RAW_URL;
}
