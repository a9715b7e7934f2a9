/**
 * Host access for a custom service: the manifest holds only the default service's host, and a
 * base URL elsewhere asks for that one origin through the optional host permissions when the person sets
 * it (least privilege). Without it the service worker still fetches, through CORS, so a refusal is not an
 * error, only a warning that the service must allow other origins.
 *
 * `permissions` is passed in, so tests hand in a fake. `request` needs a user gesture, and Firefox accepts
 * it only inside the user's input handler (after an await for another extension call, even a `contains`,
 * it fails with "may only be called from a user input handler"): call `requestAccess` from the click or
 * submit handler with no await before it. It calls `request` before its own first await.
 */
import { messageOf } from "../core/errors.ts";

/** `browser.permissions` as far as this module needs it. */
export interface PermissionsLike {
  contains(permissions: { origins: string[] }): Promise<boolean>;
  request(permissions: { origins: string[] }): Promise<boolean>;
}

/**
 * The match pattern to ask for before using `baseUrl`, or null when it is on the default service's origin
 * (whose host the manifest or the build already grants). Both URLs must be valid (the form checks first).
 * The pattern names the host without its port: match patterns in Chromium ignore the port of a pattern
 * without one, and Firefox does not count `http://127.0.0.1:9/*` as covered by the manifest's
 * `http://127.0.0.1/*`, so a pattern with the port could not be asked for there. The grant is thus every
 * port of that host, the narrowest both browsers accept.
 */
export function accessPatternFor(baseUrl: string, defaultBaseUrl: string): string | null {
  const url = new URL(baseUrl);
  return url.origin === new URL(defaultBaseUrl).origin ? null : `${url.protocol}//${url.hostname}/*`;
}

export type AccessOutcome =
  /** Already granted (by the manifest, the build or an earlier request): nothing was asked. */
  | { readonly kind: "held" }
  /** The person granted it just now. */
  | { readonly kind: "granted" }
  /** Refused, dismissed, or not requestable (`reason` says which, for the page to show). */
  | { readonly kind: "refused"; readonly reason: string };

/**
 * Makes sure the extension may fetch from `pattern`, asking the person when it may not yet. Never throws:
 * the browser rejects a request outside the manifest's optional host permissions (an `http` address other
 * than 127.0.0.1, say), and that is reported as refused with the browser's message.
 *
 * `contains` and `request` both start before the first await, so `request` runs inside the user's input
 * handler; asking for a permission already held grants it at once without a prompt, and `contains` (asked
 * first) tells that case apart.
 */
export async function requestAccess(
  permissions: PermissionsLike,
  patterns: string | readonly string[],
): Promise<AccessOutcome> {
  // Several in one request: one prompt, inside the one user gesture Firefox allows.
  const origins = [patterns].flat();
  const reason = (error: unknown): AccessOutcome => ({
    kind: "refused",
    reason: messageOf(error),
  });
  let held: Promise<boolean>;
  let asked: Promise<boolean>;
  try {
    held = permissions.contains({ origins }).catch(() => false);
    asked = permissions.request({ origins });
  } catch (error) {
    return reason(error);
  }
  try {
    const granted = await asked;
    if (!granted) return { kind: "refused", reason: "access was not granted" };
    return (await held) ? { kind: "held" } : { kind: "granted" };
  } catch (error) {
    return reason(error);
  }
}
