/**
 * Host access for a custom service: the manifest holds only the default service's host, and a
 * base URL elsewhere asks for that one origin through the optional host permissions when the person sets
 * it (least privilege). Without it the service worker still fetches, through CORS, so a refusal is not an
 * error, only a warning that the service must allow other origins.
 *
 * `chrome.permissions` is passed in, so tests hand in a fake. `request` needs a user gesture: call
 * `requestAccess` from the click or submit handler, with at most the `contains` await before it (the
 * gesture is transient activation, which outlives one short await).
 */

/** `chrome.permissions` as far as this module needs it. */
export interface PermissionsLike {
  contains(permissions: { origins: string[] }): Promise<boolean>;
  request(permissions: { origins: string[] }): Promise<boolean>;
}

/**
 * The match pattern to ask for before using `baseUrl`, or null when it is on the default service's origin
 * (whose host the manifest or the build already grants). Both URLs must be valid (the form checks first).
 * The pattern carries the port when the URL has one, so the grant is no wider than the origin.
 */
export function accessPatternFor(baseUrl: string, defaultBaseUrl: string): string | null {
  const origin = new URL(baseUrl).origin;
  return origin === new URL(defaultBaseUrl).origin ? null : `${origin}/*`;
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
 * Chrome rejects a request outside the manifest's optional host permissions (an `http` address other than
 * 127.0.0.1, say), and that is reported as refused with Chrome's message.
 */
export async function requestAccess(permissions: PermissionsLike, pattern: string): Promise<AccessOutcome> {
  const origins = [pattern];
  try {
    if (await permissions.contains({ origins })) return { kind: "held" };
    return (await permissions.request({ origins }))
      ? { kind: "granted" }
      : { kind: "refused", reason: "access was not granted" };
  } catch (error) {
    return { kind: "refused", reason: error instanceof Error ? error.message : String(error) };
  }
}
