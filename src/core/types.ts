/**
 * Wire shapes of the version-history service
 * (https://developer.chrome.com/docs/web-platform/versionhistory/reference; field list from the public
 * discovery document and real captures, see emulator/data/README.md). These are the shapes *after*
 * validation at the client boundary: inside the project they are exact. Each is described once, by the
 * schema the client checks answers with (client/validate.ts, client/validate-release.ts); the types come
 * from those.
 */
import type { Infer } from "./schema.ts";
import type { ChannelSchema, PlatformSchema, VersionSchema } from "./client/validate.ts";
import type { RolloutDataSchema, ServingSchema, StoredReleaseSchema } from "./client/validate-release.ts";

/** `GET /{product}/platforms` item. `name` is `PRODUCT/platforms/ID`, `platformType` the upper-case id. */
export type PlatformResource = Infer<typeof PlatformSchema>;

/** `GET /{product}/platforms/{platform}/channels` item. `name` is `PRODUCT/platforms/P/channels/ID`. */
export type ChannelResource = Infer<typeof ChannelSchema>;

/** `.../versions` item. `name` is `PRODUCT/platforms/P/channels/C/versions/V`. */
export type VersionResource = Infer<typeof VersionSchema>;

export type RolloutData = Infer<typeof RolloutDataSchema>;

/**
 * The interval a release was served; `endTime` is absent while the release is live (the reference: not
 * populated).
 */
export type Serving = Infer<typeof ServingSchema>;

/**
 * `.../releases` item. `name` is `PRODUCT/platforms/P/channels/C/versions/V/releases/ID`, where the real
 * service's ID is the start time in Unix seconds. `fractionGroup` is an int64, so JSON carries it as a string.
 */
export type ReleaseResource = Infer<typeof StoredReleaseSchema>;

/** One page of a list endpoint. `nextPageToken` absent or `""` means the last page. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextPageToken: string;
}
