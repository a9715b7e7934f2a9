/**
 * What the toolbar watches, and the one rule that resolves the setting `platform: "auto"`: it maps
 * `runtime.getPlatformInfo()` to the service's platform ids. Pure: the caller passes what the browser
 * reported.
 */

/** What the toolbar watches: a product, a platform (`auto` resolved for this device) and a channel. */
export interface Watch {
  readonly product: string;
  readonly platform: string;
  readonly channel: string;
}
export interface PlatformInfoLike {
  readonly os: string;
  readonly arch: string;
}

export function servicePlatform(info: PlatformInfoLike): string {
  switch (info.os) {
    case "win":
      return info.arch === "x86-32"
        ? "win"
        : info.arch === "arm" || info.arch === "arm64"
          ? "win_arm64"
          : "win64";
    case "mac":
      return info.arch === "arm" || info.arch === "arm64" ? "mac_arm64" : "mac";
    case "android":
      return "android";
    case "cros":
      return "chromeos";
    case "linux":
    case "openbsd":
    case "fuchsia":
    default:
      // Linux builds are the nearest kin of the BSDs; an unknown os gets the most common desktop id.
      return info.os === "fuchsia" ? "fuchsia" : "linux";
  }
}

/** The platform a `platform` setting watches on a device that reports `device`: `auto` is the device's own. */
export function watchedPlatform(setting: string, device: PlatformInfoLike): string {
  return setting === "auto" ? servicePlatform(device) : setting;
}

/**
 * The watch the settings ask for on a device that reports `device`. The one place a Watch is made: the
 * worker and the popup both call it, and everything that draws is passed its result.
 */
export function watchOf(
  settings: { readonly product: string; readonly platform: string; readonly channel: string },
  device: PlatformInfoLike,
): Watch {
  return {
    product: settings.product,
    platform: watchedPlatform(settings.platform, device),
    channel: settings.channel,
  };
}
