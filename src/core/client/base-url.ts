/**
 * The service's base URL, checked and normalised. A module of its own: settings are checked with it on every
 * page, and a page's first paint should not wait for the query language that building request URLs needs.
 */
import { InvalidBaseUrlError, truncate } from "./errors.ts";

/**
 * The longest address accepted. The real service's is 40 characters; requests append a path and a filter to
 * it, and a few servers and proxies refuse request lines over 2,000 characters. 256 leaves room for any
 * real deployment while a paste gone wrong (a whole page of text) is refused at once.
 */
export const MAX_URL_LENGTH = 256;

/**
 * An address the extension may fetch from, normalised (no trailing slash), or InvalidBaseUrlError. The
 * service's base URL is checked with normalizeBaseUrl, which wants `/v1` as well; the milestone schedule's
 * address with this alone.
 *
 * HTTPS only; plain `http:` is allowed only to a loopback IP literal, for the local emulator. `localhost` is
 * refused: it is a name, which a hosts file or resolver may point off the machine, and then requests would
 * leave it in clear text. The text is checked before the URL parser sees it: parsers differ (Chromium turns
 * `ex ample.com` into the host `ex%20ample.com`, Node refuses it), and a person should hear what is wrong,
 * the same in every browser, rather than get a host permission prompt for a mangled name.
 *
 * Compact on purpose: the popup's first paint checks the stored settings with it, within a byte budget.
 */
export function normalizeFetchUrl(text: string): string {
  const refuse = (detail: string): never => {
    throw new InvalidBaseUrlError(text, detail);
  };
  if (text.length > MAX_URL_LENGTH) {
    refuse(
      `is ${text.length} characters long, more than the ${MAX_URL_LENGTH} an address may have ` +
        `(it starts ${JSON.stringify(truncate(text.trim(), 40))})`,
    );
  }
  // Around the address a space is a slip of the paste, which the parser drops; inside it, it is a typo.
  if (/\s/.test(text.trim())) refuse("must not contain spaces");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse("not an absolute URL");
  }
  if (url.protocol === "http:") {
    if (!isLoopbackLiteral(url.hostname)) {
      refuse("plain http is only allowed to a loopback address (127.0.0.1 or [::1]); use https");
    }
  } else if (url.protocol !== "https:") refuse(`unsupported scheme "${url.protocol}"; use https`);
  // What a lenient parser let through (`%20` for a space, an empty label) is no host name. A valid one is
  // dot-separated labels of letters, digits, `-` and `_` (a name in another script arrives as its `xn--`
  // form; an IPv4 address is such labels too), or a bracketed IPv6 address.
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) {
    refuse(`the host ${JSON.stringify(truncate(url.hostname, 60))} is not a valid name`);
  }
  if (url.username || url.password) refuse("credentials in the URL are not allowed");
  // Query and fragment would be lost or mangled when paths are appended.
  if (url.search || url.hash) refuse("must not have a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * The service's base URL, normalised (no trailing slash), or InvalidBaseUrlError: an address normalizeFetchUrl
 * accepts whose path ends in `/v1`, the version of the service's API, where every endpoint is (the emulator
 * serves the same path). Without it every request is a 404, so it is refused here, with the address that
 * would work: a path ending in another version (`/v2`) gets /v1 in its place, any other /v1 after it.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const normalized = normalizeFetchUrl(baseUrl);
  const url = new URL(normalized);
  if (!url.pathname.endsWith("/v1")) {
    throw new InvalidBaseUrlError(
      baseUrl,
      `must end in /v1, the version of the service's API: try ${url.origin}${url.pathname.replace(/\/(v\d+)?$/, "")}/v1`,
    );
  }
  return normalized;
}

/** 127.0.0.0/8 or ::1 as the URL parser normalises them (`127.1` becomes `127.0.0.1`, IPv6 keeps brackets). */
function isLoopbackLiteral(hostname: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === "[::1]";
}
