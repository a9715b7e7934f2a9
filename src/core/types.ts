/**
 * Wire shapes of the version-history service
 * (https://developer.chrome.com/docs/web-platform/versionhistory/reference; field list from the public
 * discovery document and real captures, see emulator/data/README.md). These are the shapes *after*
 * validation at the client boundary: inside the project they are exact.
 */

/** `GET /{product}/platforms` item. `name` is `PRODUCT/platforms/ID`, `platformType` the upper-case id. */
export interface PlatformResource {
  readonly name: string;
  readonly platformType: string;
}

/** `GET /{product}/platforms/{platform}/channels` item. `name` is `PRODUCT/platforms/P/channels/ID`. */
export interface ChannelResource {
  readonly name: string;
  readonly channelType: string;
}

/** `.../versions` item. `name` is `PRODUCT/platforms/P/channels/C/versions/V`. */
export interface VersionResource {
  readonly name: string;
  readonly version: string;
}

export interface RolloutData {
  readonly rolloutName: string;
  readonly tag: readonly string[];
}

/**
 * The interval a release was served; `endTime` is absent while the release is live (the reference: not
 * populated).
 */
export interface Serving {
  readonly startTime: string;
  readonly endTime?: string;
}

/**
 * `.../releases` item. `name` is `PRODUCT/platforms/P/channels/C/versions/V/releases/ID`, where the real
 * service's ID is the start time in Unix seconds. `fractionGroup` is an int64, so JSON carries it as a string.
 */
export interface ReleaseResource {
  readonly name: string;
  readonly version: string;
  readonly serving: Serving;
  readonly fraction: number;
  readonly fractionGroup?: string;
  readonly pinnable?: boolean;
  readonly rolloutData?: readonly RolloutData[];
}

/** One page of a list endpoint. `nextPageToken` absent or `""` means the last page. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextPageToken: string;
}
