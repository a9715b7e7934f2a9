/**
 * Products, platforms and channels of the version-history service, with the real service's ids
 * (https://developer.chrome.com/docs/web-platform/versionhistory/guide). Its documentation calls the
 * products `browser` and `webengine`; the live service answers to `chrome` and `fuchsiawebengine`. Both
 * spellings are accepted everywhere. Ids the service sends that are not listed here are shown as they are,
 * never dropped.
 */
import { isolate } from "./bidi.ts";

export type ProductId = "chrome" | "fuchsiawebengine";

/**
 * Tables keyed by a service's string are Maps: the service can send any id of the id rule, `constructor` and
 * `__proto__` included, and a plain object would answer those with Object.prototype's.
 */
const PRODUCT_ALIASES: ReadonlyMap<string, ProductId> = new Map([
  ["chrome", "chrome"],
  ["browser", "chrome"],
  ["fuchsiawebengine", "fuchsiawebengine"],
  ["webengine", "fuchsiawebengine"],
]);

/** A person's name for each product the real service has. */
export const PRODUCT_LABELS: Readonly<Record<ProductId, string>> = {
  chrome: "Chrome",
  fuchsiawebengine: "Fuchsia WebEngine",
};

/** The canonical (real service) id of a product id or alias, or null when unknown. */
export function canonicalProduct(id: string): ProductId | null {
  return PRODUCT_ALIASES.get(id) ?? null;
}

/** A person's name for a product id: either spelling (`chrome`, `browser`) reads "Chrome"; unknown ids as they are. */
export function productLabel(id: string): string {
  const canonical = canonicalProduct(id);
  return canonical === null ? id : PRODUCT_LABELS[canonical];
}

/**
 * The shape of a product, platform or channel id as the service spells them (`chrome`, `win_arm64`,
 * `canary_asan`): a lower-case letter, then letters, digits or `_`, at most 64 characters. Ids the catalog
 * does not know pass on purpose (the service may add platforms and channels first); the cap keeps a hostile
 * stored value or URL short.
 */
export const ID_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Whether a text has the shape of a service id (ID_PATTERN). */
export function isServiceId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** Platforms of the service's documentation plus those seen on the live service, in the order the guide lists them. */
export const KNOWN_PLATFORMS = [
  "win",
  "win64",
  "win_arm64",
  "mac",
  "mac_arm64",
  "linux",
  "android",
  "webview",
  "ios",
  "chromeos",
  "lacros",
  "lacros_arm32",
  "lacros_arm64",
  "fuchsia",
] as const;

/**
 * Channel rank for filtering and ordering: the service's distance from stable
 * (`stable < beta < dev < canary < canary_asan`), then `extended` after `canary_asan` as the service's own
 * channel enumeration puts it (so `channel<=dev` stays stable, beta, dev). `lts` and `ltc`, seen on the real
 * service, come after. People read channels in another order: see CHANNEL_DISPLAY_ORDER.
 */
const CHANNEL_RANK: ReadonlyMap<string, number> = new Map([
  ["stable", 0],
  ["beta", 1],
  ["dev", 2],
  ["canary", 3],
  ["canary_asan", 4],
  ["extended", 5],
  ["lts", 6],
  ["ltc", 7],
]);

/** Unknown channels rank after every known one (and among themselves by id, see compareChannels). */
const UNKNOWN_CHANNEL_RANK = 100;

export const KNOWN_CHANNELS = [...CHANNEL_RANK.keys()];

export function channelRank(id: string): number {
  return CHANNEL_RANK.get(id) ?? UNKNOWN_CHANNEL_RANK;
}

/**
 * The order people read channels in (the order of the per-tab milestone badges, the options and the popup):
 * stable and its extended variant first, then outwards to the newest builds. Other channels follow by rank.
 */
export const CHANNEL_DISPLAY_ORDER = ["stable", "extended", "beta", "dev", "canary", "canary_asan"] as const;

/** Sorts channel ids into CHANNEL_DISPLAY_ORDER, the rest by rank and then by id. */
export function compareChannelsForDisplay(a: string, b: string): number {
  const order = (c: string): number => {
    const i = (CHANNEL_DISPLAY_ORDER as readonly string[]).indexOf(c);
    return i >= 0 ? i : CHANNEL_DISPLAY_ORDER.length + channelRank(c);
  };
  return order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Sorts platform ids into KNOWN_PLATFORMS order (the service's own listing order), unknown ids after, by id. */
export function comparePlatforms(a: string, b: string): number {
  const known: readonly string[] = KNOWN_PLATFORMS;
  const order = (p: string): number => {
    const i = known.indexOf(p);
    return i >= 0 ? i : known.length;
  };
  return order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0);
}

export function isKnownChannel(id: string): boolean {
  return CHANNEL_RANK.has(id);
}

/** The service's `platformType` / `channelType` enum value: the upper-case id. */
export function typeOf(id: string): string {
  return id.toUpperCase();
}

const LABELS: ReadonlyMap<string, string> = new Map([
  ["win", "Windows (32-bit)"],
  ["win64", "Windows"],
  ["win_arm64", "Windows on Arm"],
  ["mac", "macOS (Intel)"],
  ["mac_arm64", "macOS (Apple silicon)"],
  ["linux", "Linux"],
  ["android", "Android"],
  ["webview", "Android WebView"],
  ["ios", "iOS"],
  ["chromeos", "ChromeOS"],
  ["lacros", "Lacros"],
  ["fuchsia", "Fuchsia"],
  ["stable", "Stable"],
  ["extended", "Extended stable"],
  ["beta", "Beta"],
  ["dev", "Dev"],
  ["canary", "Canary"],
  ["canary_asan", "Canary (ASan)"],
  ["lts", "LTS"],
  ["ltc", "LTC"],
]);

/**
 * A person's label for a platform or channel id; an unknown id is shown as it is, isolated (bidi.ts): it is
 * the service's text, put beside ours.
 */
export function labelOf(id: string): string {
  return LABELS.get(id) ?? isolate(id);
}

/** The parts of a resource name `PRODUCT/platforms/P[/channels/C[/versions/V[/releases/R]]]`. */
export interface NameParts {
  product: string;
  platform: string;
  channel?: string;
  version?: string;
  release?: string;
}

/** Splits a resource name into its ids, or returns null when it is not of that shape. */
export function parseResourceName(name: string): NameParts | null {
  const s = name.split("/");
  if (s.length < 3 || s.length % 2 === 0 || s[1] !== "platforms") return null;
  const keys = ["platforms", "channels", "versions", "releases"];
  for (let i = 1; i < s.length; i += 2) {
    if (s[i] !== keys[(i - 1) / 2] || !s[i + 1]) return null;
  }
  if (!s[0]) return null;
  const out: NameParts = { product: s[0], platform: s[2] as string };
  if (s[4] !== undefined) out.channel = s[4];
  if (s[6] !== undefined) out.version = s[6];
  if (s[8] !== undefined) out.release = s[8];
  return out;
}
