/**
 * The words people use for a web feature that neither web-features nor caniuse carries (issue 40, class 3),
 * each with where it is used so: added to the feature's exact names at build time (features-extract.ts). An
 * alias names one feature only; the build refuses one for an id web-features does not have.
 */
export interface FeatureAlias {
  /** The web-features id. */
  readonly id: string;
  readonly alias: string;
  /** A public page that uses the alias for the feature. */
  readonly source: string;
}

export const FEATURE_ALIASES: readonly FeatureAlias[] = [
  {
    id: "origin-private-file-system",
    alias: "OPFS",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/File_System_API/Origin_private_file_system",
  },
  {
    id: "server-sent-events",
    alias: "SSE",
    source: "https://html.spec.whatwg.org/multipage/server-sent-events.html",
  },
  {
    id: "prefers-color-scheme",
    alias: "dark mode media query",
    source: "https://web.dev/articles/prefers-color-scheme",
  },
  {
    id: "scroll-markers",
    alias: "CSS carousel",
    source: "https://developer.chrome.com/blog/carousels-with-css",
  },
  {
    id: "scroll-markers",
    alias: "carousel",
    source: "https://developer.chrome.com/blog/carousels-with-css",
  },
];
