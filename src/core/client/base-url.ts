/**
 * The service's base URL, checked and normalised. A module of its own: settings are checked with it on every
 * page, and a page's first paint should not wait for the query language that building request URLs needs.
 */
import { InvalidBaseUrlError } from "./errors.ts";

/**
 * The base URL, normalised (no trailing slash), or InvalidBaseUrlError. The service is reached over HTTPS only;
 * plain `http:` is allowed only to a loopback IP literal, for the local emulator. `localhost` is refused: it is a
 * name, which a hosts file or resolver may point off the machine, and then requests would leave it in clear text.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidBaseUrlError(baseUrl, "not an absolute URL");
  }
  if (url.protocol === "http:") {
    if (!isLoopbackLiteral(url.hostname)) {
      throw new InvalidBaseUrlError(
        baseUrl,
        "plain http is only allowed to a loopback address (127.0.0.1 or [::1]); use https",
      );
    }
  } else if (url.protocol !== "https:") {
    throw new InvalidBaseUrlError(baseUrl, `unsupported scheme "${url.protocol}"; use https`);
  }
  if (url.username || url.password)
    throw new InvalidBaseUrlError(baseUrl, "credentials in the URL are not allowed");
  // Query and fragment would be lost or mangled when paths are appended.
  if (url.search || url.hash) throw new InvalidBaseUrlError(baseUrl, "must not have a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** 127.0.0.0/8 or ::1 as the URL parser normalises them (`127.1` becomes `127.0.0.1`, IPv6 keeps brackets). */
function isLoopbackLiteral(hostname: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === "[::1]";
}
