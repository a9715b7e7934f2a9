/** The version-history client: request building, pagination, errors and response validation. */
export {
  createClient,
  DEFAULT_MAX_PAGES,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type ClientOptions,
  type ListResult,
  type PageOptions,
  type PageResult,
  type ReleasesQuery,
  type VersionHistoryClient,
  type VersionsQuery,
} from "./client.ts";
export { buildUrl, normalizeBaseUrl, type RequestParams, type RequestTarget } from "./url.ts";
export {
  HttpError,
  InvalidBaseUrlError,
  InvalidQueryError,
  InvalidResponseError,
  NetworkError,
  ReleaseRadarError,
  TimeoutError,
  describeValue,
  parseRetryAfter,
  parseServiceError,
  reasonPhrase,
  truncate,
  type HttpErrorInit,
} from "./errors.ts";
export {
  parseJsonBody,
  validateChannel,
  validateListBody,
  validatePlatform,
  validateRelease,
  validateVersion,
  type ListBody,
  type ListItem,
  type ListKind,
} from "./validate.ts";
