/**
 * The words people use for a web feature that neither web-features nor caniuse carries (abbreviations, everyday names),
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
  { id: "scroll-markers", alias: "carousel", source: "https://developer.chrome.com/blog/carousels-with-css" },
  // Abbreviations MDN, the specifications and their authors use.
  {
    id: "media-source",
    alias: "MSE",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Media_Source_Extensions_API",
  },
  {
    id: "encrypted-media-extensions",
    alias: "EME",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Encrypted_Media_Extensions_API",
  },
  {
    id: "encrypted-media-extensions",
    alias: "DRM",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Encrypted_Media_Extensions_API",
  },
  {
    id: "subresource-integrity",
    alias: "SRI",
    source: "https://developer.mozilla.org/en-US/docs/Web/Security/Subresource_Integrity",
  },
  { id: "js-modules", alias: "ESM", source: "https://nodejs.org/api/esm.html" },
  {
    id: "js-modules",
    alias: "ES modules",
    source: "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide/Modules",
  },
  { id: "http3", alias: "QUIC", source: "https://developer.mozilla.org/en-US/docs/Glossary/QUIC" },
  { id: "wasm-garbage-collection", alias: "WASM GC", source: "https://webassembly.org/features/" },
  { id: "wasm-jspi", alias: "JSPI", source: "https://v8.dev/blog/jspi" },
  { id: "layout-instability", alias: "CLS", source: "https://web.dev/articles/cls" },
  { id: "layout-instability", alias: "cumulative layout shift", source: "https://web.dev/articles/cls" },
  { id: "largest-contentful-paint", alias: "LCP", source: "https://web.dev/articles/lcp" },
  {
    id: "request-animation-frame",
    alias: "rAF",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Window/requestAnimationFrame",
  },
  { id: "indexeddb", alias: "IDB", source: "https://w3c.github.io/IndexedDB/" },
  {
    id: "picture-in-picture",
    alias: "PiP",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Picture-in-Picture_API",
  },
  {
    id: "document-picture-in-picture",
    alias: "document PiP",
    source: "https://developer.chrome.com/docs/web-platform/document-picture-in-picture",
  },
  {
    id: "private-network-access",
    alias: "PNA",
    source: "https://developer.chrome.com/blog/private-network-access-update",
  },
  {
    id: "partitioned-cookies",
    alias: "CHIPS",
    source: "https://developer.mozilla.org/en-US/docs/Web/Privacy/Guides/Privacy_sandbox/Partitioned_cookies",
  },
  {
    id: "ua-client-hints",
    alias: "UA-CH",
    source: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/Client_hints",
  },
  { id: "jpegxl", alias: "JXL", source: "https://jpeg.org/jpegxl/" },
  {
    id: "shared-memory",
    alias: "SAB",
    source:
      "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/SharedArrayBuffer",
  },
  { id: "wasm-simd", alias: "WASM SIMD", source: "https://v8.dev/features/simd" },
  { id: "wasm-threads", alias: "WASM threads", source: "https://web.dev/articles/webassembly-threads" },
  { id: "wasm-exception-handling", alias: "WASM exceptions", source: "https://webassembly.org/features/" },
  {
    id: "wasm-tail-call-optimization",
    alias: "WASM tail calls",
    source: "https://v8.dev/blog/wasm-tail-call",
  },
  { id: "wasm-garbage-collection", alias: "WasmGC", source: "https://v8.dev/blog/wasm-gc-porting" },
  { id: "event-timing", alias: "INP", source: "https://web.dev/articles/inp" },
  { id: "event-timing", alias: "interaction to next paint", source: "https://web.dev/articles/inp" },
  {
    id: "readable-byte-streams",
    alias: "BYOB reader",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/ReadableStreamBYOBReader",
  },
  ...["cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax"].map((alias) => ({
    id: "container-queries",
    alias,
    source:
      "https://developer.mozilla.org/en-US/docs/Web/CSS/CSS_containment/Container_queries#container_query_length_units",
  })),
  // Everyday words for a feature, as the pages that introduce it use them.
  { id: "has", alias: "parent selector", source: "https://developer.chrome.com/blog/has-m105" },
  { id: "prefers-color-scheme", alias: "dark mode", source: "https://web.dev/articles/prefers-color-scheme" },
  {
    id: "text-wrap-balance",
    alias: "balanced text",
    source: "https://developer.chrome.com/docs/css-ui/css-text-wrap-balance",
  },
  {
    id: "screen-capture",
    alias: "screen sharing",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Screen_Capture_API",
  },
  {
    id: "push",
    alias: "push notifications",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Push_API",
  },
  { id: "grid", alias: "grid gap", source: "https://developer.mozilla.org/en-US/docs/Web/CSS/gap" },
  {
    id: "forced-colors",
    alias: "high contrast mode",
    source: "https://developer.mozilla.org/en-US/docs/Web/CSS/@media/forced-colors",
  },
  {
    id: "screen-wake-lock",
    alias: "keep screen awake",
    source: "https://developer.chrome.com/docs/capabilities/web-apis/wake-lock",
  },
  {
    id: "speech-synthesis",
    alias: "text to speech",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Web_Speech_API",
  },
  {
    id: "speech-synthesis",
    alias: "TTS",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Web_Speech_API",
  },
  {
    id: "speech-recognition",
    alias: "speech to text",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/Web_Speech_API",
  },
  {
    id: "corner-shape",
    alias: "squircle",
    source: "https://developer.mozilla.org/en-US/docs/Web/CSS/corner-shape",
  },
  {
    id: "customizable-select",
    alias: "stylable select",
    source: "https://developer.chrome.com/blog/a-customizable-select",
  },
  {
    id: "field-sizing",
    alias: "auto growing textarea",
    source: "https://developer.chrome.com/docs/css-ui/css-field-sizing",
  },
  { id: "web-otp", alias: "SMS OTP", source: "https://developer.chrome.com/docs/identity/web-apis/web-otp" },
  {
    id: "web-otp",
    alias: "one-time code",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/WebOTP_API",
  },
  {
    id: "paint",
    alias: "Houdini paint",
    source: "https://developer.mozilla.org/en-US/docs/Web/API/CSS_Painting_API",
  },
  {
    id: "container-queries",
    alias: "container query units",
    source:
      "https://developer.mozilla.org/en-US/docs/Web/CSS/CSS_containment/Container_size_and_style_queries",
  },
  { id: "structured-clone", alias: "deep copy", source: "https://web.dev/articles/structured-clone" },
  {
    id: "window-management",
    alias: "multi-screen window placement",
    source: "https://developer.chrome.com/docs/capabilities/web-apis/window-management",
  },
  {
    id: "webauthn",
    alias: "passkeys",
    source: "https://developer.mozilla.org/en-US/docs/Web/Security/Authentication/Passkeys",
  },
  {
    id: "viewport-unit-variants",
    alias: "dvh",
    source: "https://developer.mozilla.org/en-US/docs/Web/CSS/length",
  },
  {
    id: "viewport-unit-variants",
    alias: "svh",
    source: "https://developer.mozilla.org/en-US/docs/Web/CSS/length",
  },
  {
    id: "viewport-unit-variants",
    alias: "lvh",
    source: "https://developer.mozilla.org/en-US/docs/Web/CSS/length",
  },
];
