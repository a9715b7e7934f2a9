/**
 * The built manifest: manifest.json plus what only the build knows (the version from package.json, the
 * host permission the configured service needs, the browser it is for). Kept apart from vite.config.ts so
 * these rules read on their own and can be imported without loading Vite (scripts/start.ts can check its
 * settings up front).
 *
 * manifest.json is the Chromium manifest. The Firefox one differs in two places only (measured, see the
 * README's "Chromium and Firefox builds"): the background runs as a module background page (`scripts`),
 * since Firefox has no extension service workers, and `browser_specific_settings.gecko` gives the add-on
 * its id, the lowest Firefox it runs in and its data-collection statement. `minimum_chrome_version` is
 * dropped there (Firefox ignores it, and `web-ext lint` warns on it).
 */
import type { ManifestV3Export } from "@crxjs/vite-plugin";
import manifest from "./manifest.json" with { type: "json" };
import pkg from "./package.json" with { type: "json" };

/** The browsers a build is for: `chrome` (every Chromium-based browser: Chrome, Edge, ...) or `firefox`. */
export type TargetBrowser = "chrome" | "firefox";

/** The Firefox add-on's id: fixed, so storage, permissions and the `moz-extension://` origin survive updates. */
export const GECKO_ID = "release-radar@release-radar.dev";

/**
 * The lowest Firefox: 142, the first where `data_collection_permissions` is known to both desktop and
 * Android (an earlier `strict_min_version` makes `web-ext lint` warn). Every API and language feature the
 * product uses is older (the newest, `AbortSignal.any`, is Firefox 124).
 */
export const FIREFOX_MIN_VERSION = "142.0";

/** Build-time settings read from the environment (`RR_DEFAULT_BASE_URL`, `RR_DEFAULT_PRODUCT`). */
export interface BuildSettings {
  /** Service base URL baked in as the default; `undefined` keeps the real service. */
  readonly baseUrl: string | undefined;
  /** Product id baked in as the default; `undefined` keeps `chrome`. */
  readonly product: string | undefined;
  /**
   * The milestone schedule's origin baked in as the default; `undefined` keeps Chromium Dash. Unless set
   * (`RR_DEFAULT_SCHEDULE_URL`), a build pointed at the local emulator takes the emulator's origin, which
   * serves the schedule beside `/v1`.
   */
  readonly scheduleUrl: string | undefined;
  /**
   * Where the usage tables' monthly update comes from; `undefined` keeps caniuse's repository. Unless set
   * (`RR_DEFAULT_USAGE_URL`), a build pointed at the local emulator takes the emulator's `/caniuse`.
   */
  readonly usageUrl: string | undefined;
}

// Chrome match patterns carry no port, so this one covers the emulator on whatever port it listens.
// https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns
const LOOPBACK_PATTERN = "http://127.0.0.1/*";

/**
 * Reads and checks the build-time settings, so a typo fails the build with a message instead of producing
 * an extension that silently polls nothing.
 */
export function readBuildSettings(env: Readonly<Record<string, string | undefined>>): BuildSettings {
  const baseText = env.RR_DEFAULT_BASE_URL || undefined;
  const baseUrl = checkedUrl("RR_DEFAULT_BASE_URL", baseText);
  const product = env.RR_DEFAULT_PRODUCT || undefined;
  if (product !== undefined && !/^[a-z0-9_]+$/.test(product)) {
    throw new Error(
      `RR_DEFAULT_PRODUCT must be a product id such as "chrome"; got ${JSON.stringify(product)}`,
    );
  }
  const scheduleText =
    env.RR_DEFAULT_SCHEDULE_URL || (baseUrl?.protocol === "http:" ? baseUrl.origin : undefined);
  checkedUrl("RR_DEFAULT_SCHEDULE_URL", scheduleText);
  const usageText =
    env.RR_DEFAULT_USAGE_URL || (baseUrl?.protocol === "http:" ? `${baseUrl.origin}/caniuse` : undefined);
  checkedUrl("RR_DEFAULT_USAGE_URL", usageText);
  return { baseUrl: baseText, product, scheduleUrl: scheduleText, usageUrl: usageText };
}

/** `value` parsed, when set: https, or http to 127.0.0.1 (the local emulator); else the build fails saying so. */
function checkedUrl(name: string, value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && url.hostname === "127.0.0.1")) {
    throw new Error(`${name} must be https, or http://127.0.0.1:PORT for the local emulator; got ${value}`);
  }
  return url;
}

/**
 * The manifest crxjs builds from. The service worker can only fetch origins it holds a host permission
 * for, so a build pointed at the local emulator gets the loopback pattern up front; any other build keeps
 * manifest.json's least-privilege list (an https service other than Google's is reached through the
 * optional host permission for https origins, asked for at run time).
 */
export function buildManifest(settings: BuildSettings, browser: TargetBrowser = "chrome"): ManifestV3Export {
  const hostPermissions = [...manifest.host_permissions];
  if (settings.baseUrl !== undefined && new URL(settings.baseUrl).protocol === "http:") {
    hostPermissions.push(LOOPBACK_PATTERN);
  }
  const chromium = { ...manifest, version: pkg.version, host_permissions: hostPermissions };
  if (browser === "chrome") return chromium;
  const { minimum_chrome_version: _chromeOnly, background, ...common } = chromium;
  return {
    ...common,
    background: { scripts: [background.service_worker], type: background.type },
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: FIREFOX_MIN_VERSION,
        // Release Radar sends nothing about its user anywhere: it only reads the public service.
        data_collection_permissions: { required: ["none"] },
      },
    },
  };
}
