/**
 * The emulator's answer as plain data, so the handler can be tested without sockets and the server only
 * copies it to the wire. Headers every answer carries live here, in one place.
 */

export interface EmulatorResponse {
  readonly status: number;
  /** Header names in their usual case; the server writes them as they are. */
  readonly headers: Readonly<Record<string, string>>;
  /** Empty for 204 and 304 (and for HEAD, where the headers still describe the GET body). */
  readonly body: Buffer;
}

export const JSON_CONTENT_TYPE = "application/json; charset=UTF-8";

/**
 * On every answer. CORS `*` because the extension (and a page in an end-to-end test) calls from another
 * origin; ETag and Retry-After are exposed so a cross-origin client can revalidate and back off.
 * `no-cache` makes clients revalidate with If-None-Match instead of reusing a stale list.
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After",
  "Cache-Control": "no-cache",
  "X-Content-Type-Options": "nosniff",
};

/** A JSON answer with the common headers and a correct Content-Length. */
export function jsonResponse(
  status: number,
  body: string | Buffer,
  extra: Readonly<Record<string, string>> = {},
): EmulatorResponse {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return {
    status,
    headers: {
      ...COMMON_HEADERS,
      "Content-Type": JSON_CONTENT_TYPE,
      "Content-Length": String(bytes.length),
      ...extra,
    },
    body: bytes,
  };
}

/** An answer without a body (204, 304). */
export function emptyResponse(
  status: number,
  extra: Readonly<Record<string, string>> = {},
): EmulatorResponse {
  return { status, headers: { ...COMMON_HEADERS, ...extra }, body: Buffer.alloc(0) };
}
