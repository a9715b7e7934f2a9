/**
 * A JSON file of the extension's own package (features.json, usage.json, a region's table), read with `fetch`
 * for the worker and the pages alike, bounded: a read still pending after `timeoutMs` is given up, a file
 * larger than `maxBytes` is not ours and is refused rather than parsed, and every failure says which file and
 * why in one sentence ("Release Radar could not read its usage data (URL): HTTP 404").
 */
import { messageOf } from "../../core/errors.ts";

/** Reads `url` as JSON and hands it to `read` (the file's own checker), whose error is said the same way. */
export async function readPackageFile<T>(
  doFetch: typeof fetch,
  url: string,
  what: string,
  bounds: { readonly maxBytes: number; readonly timeoutMs: number },
  read: (value: unknown) => T,
): Promise<T> {
  const fail = (why: string): never => {
    throw new Error(`Release Radar could not read ${what} (${url}): ${why}`);
  };
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(bounds.timeoutMs) });
    text = response.ok ? await response.text() : "";
  } catch (error) {
    return fail(messageOf(error));
  }
  // Outside the try: its own failure is said once, not wrapped again by the catch.
  if (!response.ok) fail(`HTTP ${response.status}`);
  if (text.length > bounds.maxBytes) fail(`more than ${bounds.maxBytes} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail("not JSON");
  }
  try {
    return read(value);
  } catch (error) {
    return fail(messageOf(error));
  }
}
