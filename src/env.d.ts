// Build-time constants defined in vite.config.ts; absent (undefined) when the build leaves them unset.
interface ImportMetaEnv {
  readonly RR_DEFAULT_BASE_URL?: string;
  readonly RR_DEFAULT_PRODUCT?: string;
  readonly RR_DEFAULT_SCHEDULE_URL?: string;
  readonly RR_DEFAULT_USAGE_URL?: string;
  /** `chrome` or `firefox` (manifest.config.ts TargetBrowser). */
  readonly RR_TARGET_BROWSER?: string;
}

// The product's own markup, compiled at build time (scripts/markup-module.ts; shared/page/markup-dom.ts).
declare module "*.html?dom" {
  const nodes: readonly import("./shared/page/markup-dom.ts").MarkupNode[];
  export default nodes;
}
