/**
 * Errors of the version-history client about data: an answer that is not what the service sends, and a base
 * URL the client may not use (request-errors.ts has those of requests that got no usable answer). Each is a
 * ReleaseRadarError so the UI can show it as "our kind of failure". Messages never dump a whole response
 * body (bodies can be megabytes; only the offending value is quoted, truncated).
 */
import { ReleaseRadarError } from "../errors.ts";
import { truncate } from "../schema.ts";

export { ReleaseRadarError, InvalidQueryError } from "../errors.ts";
export { describeValue, truncate } from "../schema.ts";

/**
 * A 2xx answer whose body is not what the service sends. `field` is the JSON path of the first offending value
 * (`releases[3].serving.startTime`), or `(body)` when the body as a whole is wrong (not JSON, not an object).
 * `url` is `""` when the value did not come from a request (the emulator checking its data file).
 */
export class InvalidResponseError extends ReleaseRadarError {
  override name = "InvalidResponseError";
  /**
   * @param incomplete the body is a JSON document cut short (or empty): the answer did not arrive whole,
   *   which a person should hear as such rather than as "malformed data"
   */
  constructor(
    readonly url: string,
    readonly field: string,
    readonly detail: string,
    readonly incomplete = false,
  ) {
    super(`${url ? `Invalid response from ${url}` : "Invalid data"}: ${field}: ${detail}`);
  }

  /** The same error, attributed to a request URL (validators run without one). */
  withUrl(url: string): InvalidResponseError {
    return new InvalidResponseError(url, this.field, this.detail, this.incomplete);
  }
}

/** The base URL given to createClient is not one the client may talk to (see client.ts). */
export class InvalidBaseUrlError extends ReleaseRadarError {
  override name = "InvalidBaseUrlError";
  constructor(
    readonly baseUrl: string,
    readonly detail: string,
  ) {
    super(`Base URL ${truncate(JSON.stringify(baseUrl), 120)} refused: ${detail}`);
  }
}
