/** The version-history client: request building, pagination, errors and response validation. */
export {
  createClient,
  DEFAULT_MAX_PAGES,
  DEFAULT_TIMEOUT_MS,
  REQUESTS_PER_HOST,
  type CallOptions,
  type ClientOptions,
  type ListResult,
  type PageOptions,
  type PageResult,
  type ReleasesQuery,
  type VersionHistoryClient,
  type VersionsQuery,
} from "./client.ts";
export { normalizeBaseUrl } from "./base-url.ts";
export { PagingError, pageWalk, type PageWalk } from "./paging.ts";
export { createHostGate, type HostGate } from "./host-gate.ts";
export { buildUrl, type RequestParams, type RequestTarget } from "./url.ts";
export {
  InvalidBaseUrlError,
  InvalidQueryError,
  InvalidResponseError,
  ReleaseRadarError,
  describeValue,
  truncate,
} from "./errors.ts";
export {
  HttpError,
  NetworkError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  parseServiceError,
  reasonPhrase,
  type HttpErrorInit,
} from "./request-errors.ts";
export {
  parseJsonBody,
  validateChannel,
  validateListBody,
  validatePlatform,
  validateVersion,
  type ListBody,
  type ListItem,
  type ListKind,
} from "./validate.ts";
export { validateRelease } from "./release-bounds.ts";
export {
  createScheduleClient,
  DEFAULT_SCHEDULE_BASE_URL,
  validateSchedule,
  type CalendarDay,
  type MilestoneQuery,
  type MilestoneSchedule,
  type ScheduleAnswer,
  type ScheduleClient,
  type ScheduleClientOptions,
} from "./schedule.ts";
