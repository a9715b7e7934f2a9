// Build-time constants defined in vite.config.ts; absent (undefined) when the build leaves them unset.
interface ImportMetaEnv {
  readonly RR_DEFAULT_BASE_URL?: string;
  readonly RR_DEFAULT_PRODUCT?: string;
  readonly RR_DEFAULT_SCHEDULE_URL?: string;
  /** `chrome` or `firefox` (manifest.config.ts TargetBrowser). */
  readonly RR_TARGET_BROWSER?: string;
}
