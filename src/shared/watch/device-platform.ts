/**
 * Maps `runtime.getPlatformInfo()` to the service's platform ids (the setting `platform: "auto"`).
 * Pure: the caller passes what the browser reported.
 */
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
