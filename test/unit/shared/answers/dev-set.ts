// Development set for issue 40 ("Ask II"): questions a web developer, QA/release engineer or IT admin would
// type, in the eight classes of the issue (8: everyday questions), each with the subject and figure the
// oracle gives. Written from the issue text and the data only, without reading the matcher, the tuning corpus
// (corpus.ts), the held-out set (held-out.ts) or the feature aliases; use it for development, it is not the
// held-out measurement. Of the 220 written, the 37 that are also questions of the held-out set were taken
// out, so that nothing tuned on here is measured there.
//
// Data: web-features 3.40.0 (node_modules/web-features/data.json), @mdn/browser-compat-data 8.1.9
// (node_modules/@mdn/browser-compat-data/data.json), and the emulator's emulator/data/releases.json (4,211
// releases, the last on 2026-08-21; live: Linux stable 151.0.7922.173, win/mac/android stable 152.0.7977.54
// rolling out next to 151, dev 154.0.8013.x) and emulator/data/schedule.json (M87 to M200). Every id, key,
// milestone, version and figure below was checked by a script against these files.
//
// Figure rules:
// - { feature }: a web-features id (a moved id is given where it moved to). Figure "Chrome <v>" from
//   status.support.chrome ("≤" dropped); with no Chrome support, "Firefox <v>" or "Safari <v>", the first of
//   Firefox/Safari present in status.support; for a discouraged feature, "discouraged".
// - { key }: a browser-compat-data key, used only where the question names that one compat entry. Figure
//   "Chrome <v>" from the first chrome support statement with no flags, prefix, alternative_name or
//   partial_implementation, or "removed in Chrome <r>" when that statement has version_removed.
// - { milestone: n }: figure "Chrome <n>"; { version }: a full version or a prefix of whole fields, the figure
//   is the version itself. A reduced user-agent string (Chrome/N.0.0.0) names milestone N. "Latest stable"
//   questions with no number name the newest live Stable version: the Linux stable release with no endTime.
// - { miss: true }: no figure; only for things found in neither data.json (checked by a text search) nor in
//   the emulator data.
import type { HeldOutCase } from "./corpus-types.ts";

export const DEV_SET: readonly HeldOutCase[] = [
  // 1. A browser named in the question
  {
    q: "is :has() supported in firefox yet",
    who: "webdev",
    cls: 1,
    subject: { feature: "has" },
    figure: "Chrome 105",
  },
  { q: "css nesting safari", who: "webdev", cls: 1, subject: { feature: "nesting" }, figure: "Chrome 120" },
  {
    q: "popover on ios safari",
    who: "webdev",
    cls: 1,
    subject: { feature: "popover" },
    figure: "Chrome 116",
  },
  {
    q: "does samsung internet support webp",
    who: "webdev",
    cls: 1,
    subject: { feature: "webp" },
    figure: "Chrome 32",
  },
  { q: "Subgrid in Edge?", who: "webdev", cls: 1, subject: { feature: "subgrid" }, figure: "Chrome 117" },
  {
    q: "view transitions firefox support",
    who: "webdev",
    cls: 1,
    subject: { feature: "view-transitions" },
    figure: "Chrome 111",
  },
  { q: "webgpu on safari", who: "webdev", cls: 1, subject: { feature: "webgpu" }, figure: "Chrome 144" },
  {
    q: "can i use dialog on iphone",
    who: "webdev",
    cls: 1,
    subject: { feature: "dialog" },
    figure: "Chrome 37",
  },
  {
    q: "backdrop-filter opera",
    who: "webdev",
    cls: 1,
    subject: { feature: "backdrop-filter" },
    figure: "Chrome 76",
  },
  {
    q: "scroll driven animations firefox",
    who: "webdev",
    cls: 1,
    subject: { feature: "scroll-driven-animations" },
    figure: "Chrome 115",
  },
  {
    q: "structuredClone android webview",
    who: "webdev",
    cls: 1,
    subject: { feature: "structured-clone" },
    figure: "Chrome 98",
  },
  {
    q: "text-wrap balance firefox",
    who: "webdev",
    cls: 1,
    subject: { feature: "text-wrap-balance" },
    figure: "Chrome 114",
  },
  {
    q: "is the temporal api in safari",
    who: "webdev",
    cls: 1,
    subject: { feature: "temporal" },
    figure: "Chrome 144",
  },
  // the CSS aspect-ratio property; iOS 14 is the Safari version asked about
  {
    q: "aspect ratio ios 14",
    who: "webdev",
    cls: 1,
    subject: { feature: "aspect-ratio" },
    figure: "Chrome 88",
  },
  {
    q: "Web Bluetooth Firefox",
    who: "webdev",
    cls: 1,
    subject: { feature: "web-bluetooth" },
    figure: "Chrome 70",
  },
  // no Chrome or Firefox entry in status.support: Safari 17
  {
    q: "does firefox support jpeg xl",
    who: "webdev",
    cls: 1,
    subject: { feature: "jpegxl" },
    figure: "Safari 17",
  },
  {
    q: "color-mix samsung browser",
    who: "webdev",
    cls: 1,
    subject: { feature: "color-mix" },
    figure: "Chrome 111",
  },
  {
    q: "web share api on desktop firefox",
    who: "webdev",
    cls: 1,
    subject: { feature: "share" },
    figure: "Chrome 128",
  },
  {
    q: "does the screen wake lock work on iPad safari",
    who: "qa",
    cls: 1,
    subject: { feature: "screen-wake-lock" },
    figure: "Chrome 84",
  },
  {
    q: "webtransport safari suport",
    who: "webdev",
    cls: 1,
    subject: { feature: "webtransport" },
    figure: "Chrome 97",
  },

  // 2. Values, syntax and kind words around a name
  {
    q: "display: flow-root",
    who: "webdev",
    cls: 2,
    subject: { feature: "display-flow-root" },
    figure: "Chrome 58",
  },
  {
    q: "position:fixed",
    who: "webdev",
    cls: 2,
    subject: { feature: "fixed-positioning" },
    figure: "Chrome 1",
  },
  {
    q: "text-wrap: pretty",
    who: "webdev",
    cls: 2,
    subject: { feature: "text-wrap-pretty" },
    figure: "Chrome 117",
  },
  // max() belongs to the min(), max() and clamp() feature
  {
    q: "the max() css function",
    who: "webdev",
    cls: 2,
    subject: { feature: "min-max-clamp" },
    figure: "Chrome 79",
  },
  { q: "the :is() pseudo-class", who: "webdev", cls: 2, subject: { feature: "is" }, figure: "Chrome 88" },
  {
    q: "::backdrop pseudo element",
    who: "webdev",
    cls: 2,
    subject: { feature: "backdrop" },
    figure: "Chrome 37",
  },
  { q: "scrollend event", who: "webdev", cls: 2, subject: { feature: "scrollend" }, figure: "Chrome 114" },
  // ??= is one compat entry (nullish coalescing assignment), part of the nullish-coalescing feature
  {
    q: "the ??= operator",
    who: "webdev",
    cls: 2,
    subject: { key: "javascript.operators.nullish_coalescing_assignment" },
    figure: "Chrome 85",
  },
  // no web feature of its own: the key is tagged to the broad Object feature
  {
    q: "?. optional chaining operator",
    who: "webdev",
    cls: 2,
    subject: { key: "javascript.operators.optional_chaining" },
    figure: "Chrome 80",
  },
  { q: "** operator", who: "webdev", cls: 2, subject: { feature: "exponentiation" }, figure: "Chrome 52" },
  // the API is the feature (Chrome 96 in its status), not the bare interface key api.EyeDropper (Chrome 95)
  { q: "the EyeDropper API", who: "webdev", cls: 2, subject: { feature: "eyedropper" }, figure: "Chrome 96" },
  {
    q: "@starting-style rule",
    who: "webdev",
    cls: 2,
    subject: { feature: "starting-style" },
    figure: "Chrome 117",
  },
  // @layer is the at-rule of cascade layers
  { q: "@layer css", who: "webdev", cls: 2, subject: { feature: "cascade-layers" }, figure: "Chrome 99" },
  { q: "object-fit: cover", who: "webdev", cls: 2, subject: { feature: "object-fit" }, figure: "Chrome 32" },
  // two keywords in display is the two-value display syntax; flexbox itself is the second reading
  {
    q: "display: inline flex",
    who: "webdev",
    cls: 2,
    subject: { feature: "two-value-display" },
    figure: "Chrome 115",
  },
  { q: "input type=color", who: "webdev", cls: 2, subject: { feature: "input-color" }, figure: "Chrome 20" },
  // name on <details> makes mutually exclusive details
  {
    q: "details name attribute",
    who: "webdev",
    cls: 2,
    subject: { feature: "details-name" },
    figure: "Chrome 120",
  },
  {
    q: "rel=preconnect",
    who: "webdev",
    cls: 2,
    subject: { feature: "link-rel-preconnect" },
    figure: "Chrome 46",
  },
  {
    q: "the css round() function",
    who: "webdev",
    cls: 2,
    subject: { feature: "round-mod-rem" },
    figure: "Chrome 125",
  },
  {
    q: "closedby attribute on dialog",
    who: "webdev",
    cls: 2,
    subject: { feature: "dialog-closedby" },
    figure: "Chrome 134",
  },
  { q: "popover=hint", who: "webdev", cls: 2, subject: { feature: "popover-hint" }, figure: "Chrome 151" },
  {
    q: "hidden=until-found",
    who: "webdev",
    cls: 2,
    subject: { feature: "hidden-until-found" },
    figure: "Chrome 102",
  },
  // &&= is one compat entry of the logical assignments feature
  {
    q: "the &&= operator",
    who: "webdev",
    cls: 2,
    subject: { key: "javascript.operators.logical_and_assignment" },
    figure: "Chrome 85",
  },
  // the >= comparison inside a media query is the range syntax
  {
    q: "@media (width >= 600px)",
    who: "webdev",
    cls: 2,
    subject: { feature: "media-query-range-syntax" },
    figure: "Chrome 104",
  },

  // 3. Abbreviations and the words people use (each with why that is the meaning)
  // Largest Contentful Paint: the feature's own name has (LCP)
  { q: "LCP", who: "webdev", cls: 3, subject: { feature: "largest-contentful-paint" }, figure: "Chrome 77" },
  // Cumulative Layout Shift is computed from layout-shift entries of the Layout Instability API (MDN LayoutShift)
  {
    q: "CLS layout shift api",
    who: "webdev",
    cls: 3,
    subject: { feature: "layout-instability" },
    figure: "Chrome 84",
  },
  // Subresource Integrity, abbreviated SRI on MDN
  { q: "SRI", who: "webdev", cls: 3, subject: { feature: "subresource-integrity" }, figure: "Chrome 46" },
  // Media Source Extensions (MSE), MDN Media Source API
  { q: "MSE", who: "webdev", cls: 3, subject: { feature: "media-source" }, figure: "Chrome 31" },
  // Encrypted Media Extensions (EME), used for DRM playback
  {
    q: "EME drm",
    who: "webdev",
    cls: 3,
    subject: { feature: "encrypted-media-extensions" },
    figure: "Chrome 42",
  },
  // MDN forced-colors: 'An example of a forced colors mode is Windows High Contrast mode'; prefers-contrast is the second reading, but 'high contrast mode' names the Windows mode
  {
    q: "high contrast mode media query",
    who: "webdev",
    cls: 3,
    subject: { feature: "forced-colors" },
    figure: "Chrome 89",
  },
  // the OS 'reduce motion' setting is read by prefers-reduced-motion
  {
    q: "reduce motion media query",
    who: "webdev",
    cls: 3,
    subject: { feature: "prefers-reduced-motion" },
    figure: "Chrome 74",
  },
  // masonry is a moved id: it moved to grid-lanes; no Chrome or Firefox entry, so Safari
  { q: "css masonry", who: "webdev", cls: 3, subject: { feature: "grid-lanes" }, figure: "Safari 26.4" },
  // corner-shape takes squircle / superellipse() (MDN corner-shape)
  {
    q: "squircle corners",
    who: "webdev",
    cls: 3,
    subject: { feature: "corner-shape" },
    figure: "Chrome 139",
  },
  // cqw is a container query length unit, key css.types.length.container_query_length_units of container-queries
  { q: "cqw units", who: "webdev", cls: 3, subject: { feature: "container-queries" }, figure: "Chrome 105" },
  // caniuse variable-fonts is bundled on font-variation-settings
  {
    q: "variable fonts",
    who: "webdev",
    cls: 3,
    subject: { feature: "font-variation-settings" },
    figure: "Chrome 62",
  },
  // ECMAScript modules, i.e. JavaScript modules (import/export)
  { q: "ESM", who: "webdev", cls: 3, subject: { feature: "js-modules" }, figure: "Chrome 61" },
  // WebOTP API reads one-time codes from SMS (MDN WebOTP API)
  { q: "sms otp autofill", who: "webdev", cls: 3, subject: { feature: "web-otp" }, figure: "Chrome 93" },
  // customizable <select> (appearance: base-select) is how a select dropdown is styled
  {
    q: "stylable select dropdown",
    who: "webdev",
    cls: 3,
    subject: { feature: "customizable-select" },
    figure: "Chrome 135",
  },
  // field-sizing: content makes a textarea grow with its content (MDN field-sizing)
  {
    q: "auto growing textarea css",
    who: "webdev",
    cls: 3,
    subject: { feature: "field-sizing" },
    figure: "Chrome 123",
  },
  // Web Speech API speech recognition turns speech into text
  {
    q: "speech to text",
    who: "webdev",
    cls: 3,
    subject: { feature: "speech-recognition" },
    figure: "Chrome 139",
  },
  // Web Speech API speech synthesis reads text aloud
  {
    q: "text to speech api",
    who: "webdev",
    cls: 3,
    subject: { feature: "speech-synthesis" },
    figure: "Chrome 33",
  },
  // MDN: the Screen Wake Lock API prevents devices from dimming or locking the screen
  {
    q: "keep screen from going to sleep",
    who: "webdev",
    cls: 3,
    subject: { feature: "screen-wake-lock" },
    figure: "Chrome 84",
  },
  // HTTP/3 runs over QUIC (MDN HTTP/3 glossary)
  { q: "QUIC", who: "admin", cls: 3, subject: { feature: "http3" }, figure: "Chrome 87" },
  // WebAssembly garbage collection proposal, WasmGC
  {
    q: "WASM GC",
    who: "webdev",
    cls: 3,
    subject: { feature: "wasm-garbage-collection" },
    figure: "Chrome 119",
  },
  // COOP = Cross-Origin-Opener-Policy (MDN); the header is in no web feature
  {
    q: "COOP header",
    who: "admin",
    cls: 3,
    subject: { key: "http.headers.Cross-Origin-Opener-Policy" },
    figure: "Chrome 83",
  },
  // CSS Painting API (paint() and paint worklets) is the Houdini paint API
  {
    q: "css houdini paint worklet",
    who: "webdev",
    cls: 3,
    subject: { feature: "paint" },
    figure: "Chrome 65",
  },
  // a popped-out floating video is video picture-in-picture; Document PiP is the second reading but the question says video
  {
    q: "pop out video player",
    who: "webdev",
    cls: 3,
    subject: { feature: "picture-in-picture" },
    figure: "Chrome 69",
  },

  // 4. One strong candidate (each says which reading is meant)
  // grid itself; subgrid, grid animation and grid lanes share the word
  { q: "css grid layout", who: "webdev", cls: 4, subject: { feature: "grid" }, figure: "Chrome 57" },
  // style() queries, not size container queries
  {
    q: "container style queries",
    who: "webdev",
    cls: 4,
    subject: { feature: "container-style-queries" },
    figure: "Chrome 111",
  },
  // gap for flex layouts, not flexbox itself or gap decorations
  { q: "gap in flexbox", who: "webdev", cls: 4, subject: { feature: "flexbox-gap" }, figure: "Chrome 84" },
  // Object.groupBy / Map.groupBy (Array grouping)
  { q: "array group by", who: "webdev", cls: 4, subject: { feature: "array-group" }, figure: "Chrome 117" },
  // Promise.any(), not Promise (initial support) or allSettled
  { q: "promise any", who: "webdev", cls: 4, subject: { feature: "promise-any" }, figure: "Chrome 85" },
  // the new Set methods, not Set initial support
  {
    q: "set union and intersection",
    who: "webdev",
    cls: 4,
    subject: { feature: "set-methods" },
    figure: "Chrome 122",
  },
  // JavaScript modules in service workers, not modules or service workers alone
  {
    q: "modules in service workers",
    who: "webdev",
    cls: 4,
    subject: { feature: "js-modules-service-workers" },
    figure: "Chrome 91",
  },
  // dialog.requestClose(), not <dialog>
  {
    q: "dialog requestClose",
    who: "webdev",
    cls: 4,
    subject: { feature: "requestclose" },
    figure: "Chrome 134",
  },
  // AbortSignal.timeout(), not AbortController/AbortSignal
  {
    q: "abortsignal timeout",
    who: "webdev",
    cls: 4,
    subject: { feature: "abortsignal-timeout" },
    figure: "Chrome 124",
  },
  // URL.canParse(), not URL
  { q: "url canparse", who: "webdev", cls: 4, subject: { feature: "url-canparse" }, figure: "Chrome 120" },
  // Intl.DurationFormat, not Intl
  {
    q: "intl duration format",
    who: "webdev",
    cls: 4,
    subject: { feature: "intl-duration-format" },
    figure: "Chrome 129",
  },
  // WebGL2, not WebGL 1
  { q: "webgl 2", who: "webdev", cls: 4, subject: { feature: "webgl2" }, figure: "Chrome 56" },
  // the all value, not text-decoration-skip-ink (auto) itself
  {
    q: "text decoration skip ink all",
    who: "webdev",
    cls: 4,
    subject: { feature: "text-decoration-skip-ink-all" },
    figure: "Chrome 148",
  },
  // scrollsnapchange/scrollsnapchanging, not scroll snap
  {
    q: "scroll snap events",
    who: "webdev",
    cls: 4,
    subject: { feature: "scroll-snap-events" },
    figure: "Chrome 129",
  },
  // color-mix() with three or more colors; no Chrome entry, Firefox first
  {
    q: "color-mix with three colors",
    who: "webdev",
    cls: 4,
    subject: { feature: "color-mix-variadic" },
    figure: "Firefox 150",
  },
  // loading=lazy on media elements, not images and iframes
  {
    q: "lazy loading for video and audio",
    who: "webdev",
    cls: 4,
    subject: { feature: "loading-lazy-media" },
    figure: "Chrome 150",
  },
  // background-clip: text (gradient text), not gradients or background-clip
  {
    q: "background clip text gradient",
    who: "webdev",
    cls: 4,
    subject: { feature: "background-clip-text" },
    figure: "Chrome 120",
  },
  // modules in dedicated workers, not shared or service workers
  {
    q: "es modules in web workers",
    who: "webdev",
    cls: 4,
    subject: { feature: "js-modules-workers" },
    figure: "Chrome 80",
  },
  // scroll-state() container queries, not size queries
  {
    q: "container scroll state queries",
    who: "webdev",
    cls: 4,
    subject: { feature: "container-scroll-state-queries" },
    figure: "Chrome 133",
  },
  // Array.fromAsync(), not Array.from()
  {
    q: "array from async",
    who: "webdev",
    cls: 4,
    subject: { feature: "array-fromasync" },
    figure: "Chrome 121",
  },
  // import … with { type: 'json' }, not JSON or JavaScript modules
  {
    q: "json import attributes",
    who: "webdev",
    cls: 4,
    subject: { feature: "json-modules" },
    figure: "Chrome 123",
  },
  // more than one import map, not import maps
  {
    q: "multiple import maps",
    who: "webdev",
    cls: 4,
    subject: { feature: "import-maps-multiple" },
    figure: "Chrome 133",
  },

  // 5. Deprecated, removed and untagged browser-compat-data keys
  {
    q: "is the <center> tag still supported",
    who: "webdev",
    cls: 5,
    subject: { key: "html.elements.center" },
    figure: "Chrome 1",
  },
  { q: "<font> tag", who: "webdev", cls: 5, subject: { key: "html.elements.font" }, figure: "Chrome 1" },
  { q: "frameset chrome", who: "qa", cls: 5, subject: { key: "html.elements.frameset" }, figure: "Chrome 1" },
  // the obsolete <tt> teletype element
  { q: "tt element", who: "webdev", cls: 5, subject: { key: "html.elements.tt" }, figure: "Chrome 1" },
  {
    q: "acronym tag deprecated",
    who: "webdev",
    cls: 5,
    subject: { key: "html.elements.acronym" },
    figure: "Chrome 1",
  },
  {
    q: "strike element",
    who: "webdev",
    cls: 5,
    subject: { key: "html.elements.strike" },
    figure: "Chrome 1",
  },
  { q: "<xmp>", who: "webdev", cls: 5, subject: { key: "html.elements.xmp" }, figure: "Chrome 1" },
  {
    q: "body bgcolor attribute",
    who: "webdev",
    cls: 5,
    subject: { key: "html.elements.body.bgcolor" },
    figure: "Chrome 1",
  },
  {
    q: "iframe frameborder attribute",
    who: "webdev",
    cls: 5,
    subject: { key: "html.elements.iframe.frameborder" },
    figure: "Chrome 1",
  },
  // the old rel=prerender link, not speculation rules prerendering
  {
    q: "link rel=prerender",
    who: "webdev",
    cls: 5,
    subject: { key: "html.elements.link.rel.prerender" },
    figure: "removed in Chrome 62",
  },
  // the Do Not Track request header, not navigator.doNotTrack
  { q: "DNT header", who: "admin", cls: 5, subject: { key: "http.headers.DNT" }, figure: "Chrome 23" },
  {
    q: "Pragma: no-cache",
    who: "admin",
    cls: 5,
    subject: { key: "http.headers.Pragma" },
    figure: "Chrome 1",
  },
  {
    q: "Retry-After header",
    who: "admin",
    cls: 5,
    subject: { key: "http.headers.Retry-After" },
    figure: "Chrome 24",
  },
  {
    q: "alt-svc header chrome",
    who: "admin",
    cls: 5,
    subject: { key: "http.headers.Alt-Svc" },
    figure: "Chrome 52",
  },
  {
    q: "KeyboardEvent.keyIdentifier",
    who: "webdev",
    cls: 5,
    subject: { key: "api.KeyboardEvent.keyIdentifier" },
    figure: "removed in Chrome 54",
  },
  {
    q: "event.cancelBubble",
    who: "webdev",
    cls: 5,
    subject: { key: "api.Event.cancelBubble" },
    figure: "Chrome 1",
  },
  { q: "window.event", who: "webdev", cls: 5, subject: { key: "api.Window.event" }, figure: "Chrome 1" },
  // the non-standard mousewheel event, not the standard wheel event
  {
    q: "mousewheel event",
    who: "webdev",
    cls: 5,
    subject: { key: "api.Element.mousewheel_event" },
    figure: "Chrome 1",
  },
  {
    q: "FileReader readAsBinaryString",
    who: "webdev",
    cls: 5,
    subject: { key: "api.FileReader.readAsBinaryString" },
    figure: "Chrome 6",
  },
  {
    q: "createScriptProcessor",
    who: "webdev",
    cls: 5,
    subject: { key: "api.BaseAudioContext.createScriptProcessor" },
    figure: "Chrome 24",
  },
  {
    q: "Range.compareNode()",
    who: "webdev",
    cls: 5,
    subject: { key: "api.Range.compareNode" },
    figure: "removed in Chrome 45",
  },
  {
    q: "GPUAdapter requestAdapterInfo",
    who: "webdev",
    cls: 5,
    subject: { key: "api.GPUAdapter.requestAdapterInfo" },
    figure: "removed in Chrome 131",
  },
  {
    q: "Error.captureStackTrace",
    who: "webdev",
    cls: 5,
    subject: { key: "javascript.builtins.Error.captureStackTrace" },
    figure: "Chrome 3",
  },

  {
    q: "String.prototype.replaceAll",
    who: "webdev",
    cls: 6,
    subject: { key: "javascript.builtins.String.replaceAll" },
    figure: "Chrome 85",
  },
  {
    q: "navigator.userActivation",
    who: "webdev",
    cls: 6,
    subject: { key: "api.Navigator.userActivation" },
    figure: "Chrome 72",
  },
  // the translate property, one key of individual transform properties (not the translate HTML attribute)
  {
    q: "the translate CSS property",
    who: "webdev",
    cls: 6,
    subject: { key: "css.properties.translate" },
    figure: "Chrome 104",
  },
  {
    q: "Intl.NumberFormat",
    who: "webdev",
    cls: 6,
    subject: { key: "javascript.builtins.Intl.NumberFormat" },
    figure: "Chrome 24",
  },
  {
    q: "AbortSignal.any()",
    who: "webdev",
    cls: 6,
    subject: { key: "api.AbortSignal.any_static" },
    figure: "Chrome 116",
  },
  // the JS registration method, not the @property at-rule
  {
    q: "CSS.registerProperty()",
    who: "webdev",
    cls: 6,
    subject: { key: "api.CSS.registerProperty_static" },
    figure: "Chrome 78",
  },
  {
    q: "navigator.sendBeacon",
    who: "webdev",
    cls: 6,
    subject: { key: "api.Navigator.sendBeacon" },
    figure: "Chrome 39",
  },
  {
    q: "the overscroll-behavior-y property",
    who: "webdev",
    cls: 6,
    subject: { key: "css.properties.overscroll-behavior-y" },
    figure: "Chrome 144",
  },
  // the static Response.json(); the instance json() method is the second reading
  {
    q: "Response.json()",
    who: "webdev",
    cls: 6,
    subject: { key: "api.Response.json_static" },
    figure: "Chrome 105",
  },
  {
    q: "navigator.storage.estimate()",
    who: "webdev",
    cls: 6,
    subject: { key: "api.StorageManager.estimate" },
    figure: "Chrome 61",
  },
  {
    q: "text-box-trim property",
    who: "webdev",
    cls: 6,
    subject: { key: "css.properties.text-box-trim" },
    figure: "Chrome 133",
  },
  // deprecated; in web-features it sits in html-wrapper-methods, the question names this one method
  {
    q: "String.prototype.substr()",
    who: "webdev",
    cls: 6,
    subject: { key: "javascript.builtins.String.substr" },
    figure: "Chrome 1",
  },
  {
    q: "Map.groupBy",
    who: "webdev",
    cls: 6,
    subject: { key: "javascript.builtins.Map.groupBy" },
    figure: "Chrome 117",
  },
  {
    q: "Clipboard.writeText()",
    who: "webdev",
    cls: 6,
    subject: { key: "api.Clipboard.writeText" },
    figure: "Chrome 66",
  },

  // 7. Milestones and versions as people ask
  { q: "when is chrome 153 stable", who: "qa", cls: 7, subject: { milestone: 153 }, figure: "Chrome 153" },
  { q: "chrome 152 early stable date", who: "qa", cls: 7, subject: { milestone: 152 }, figure: "Chrome 152" },
  { q: "chrome 148 release notes", who: "webdev", cls: 7, subject: { milestone: 148 }, figure: "Chrome 148" },
  // latest stable: releases.json linux/stable has one live release (no endTime), 151.0.7922.173
  {
    q: "current chrome stable version",
    who: "admin",
    cls: 7,
    subject: { version: "151.0.7922.173" },
    figure: "151.0.7922.173",
  },
  // releases.json linux/stable: the only release with no endTime is 151.0.7922.173
  {
    q: "latest stable chrome for linux",
    who: "admin",
    cls: 7,
    subject: { version: "151.0.7922.173" },
    figure: "151.0.7922.173",
  },
  // no beta channel in releases.json: stable is 151/152 and dev is 154 (live dev release 154.0.8013.2), and schedule.json has M153's earliest_beta on 2026-08-19, so the beta is M153
  {
    q: "chrome beta version right now",
    who: "qa",
    cls: 7,
    subject: { milestone: 153 },
    figure: "Chrome 153",
  },
  { q: "branch point for m155", who: "qa", cls: 7, subject: { milestone: 155 }, figure: "Chrome 155" },
  { q: "M160 stable date", who: "admin", cls: 7, subject: { milestone: 160 }, figure: "Chrome 160" },
  {
    q: "when does chrome 200 come out",
    who: "qa",
    cls: 7,
    subject: { milestone: 200 },
    figure: "Chrome 200",
  },
  // reduced user-agent string: Chrome/149.0.0.0 names milestone 149
  {
    q: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/149.0.0.0 Safari/537.36",
    who: "qa",
    cls: 7,
    subject: { milestone: 149 },
    figure: "Chrome 149",
  },
  // reduced user-agent token names milestone 147
  { q: "Chrome/147.0.0.0", who: "qa", cls: 7, subject: { milestone: 147 }, figure: "Chrome 147" },
  // an Edge user-agent: the answer should say Edge, on Chromium milestone 150
  {
    q: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36 Edg/150.0.0.0",
    who: "qa",
    cls: 7,
    subject: { milestone: 150 },
    figure: "Chrome 150",
  },
  {
    q: "150.0.7871.129",
    who: "qa",
    cls: 7,
    subject: { version: "150.0.7871.129" },
    figure: "150.0.7871.129",
  },
  // a prefix of whole fields
  {
    q: "what is chrome 149.0.7827",
    who: "qa",
    cls: 7,
    subject: { version: "149.0.7827" },
    figure: "149.0.7827",
  },
  {
    q: "is 151.0.7922.173 the newest",
    who: "admin",
    cls: 7,
    subject: { version: "151.0.7922.173" },
    figure: "151.0.7922.173",
  },
  {
    q: "chrome 141 stable release date",
    who: "qa",
    cls: 7,
    subject: { milestone: 141 },
    figure: "Chrome 141",
  },
  { q: "when did chrome 120 ship", who: "webdev", cls: 7, subject: { milestone: 120 }, figure: "Chrome 120" },
  { q: "chrome 156 beta date", who: "qa", cls: 7, subject: { milestone: 156 }, figure: "Chrome 156" },
  { q: "chrome 154 dev", who: "qa", cls: 7, subject: { milestone: 154 }, figure: "Chrome 154" },
  {
    q: "android chrome 152.0.7977.54",
    who: "admin",
    cls: 7,
    subject: { version: "152.0.7977.54" },
    figure: "152.0.7977.54",
  },
  { q: "chrome m145", who: "qa", cls: 7, subject: { milestone: 145 }, figure: "Chrome 145" },
  { q: "what's new in chrome 146", who: "admin", cls: 7, subject: { milestone: 146 }, figure: "Chrome 146" },

  // 8. Everyday questions
  {
    q: "can my users use popover yet",
    who: "webdev",
    cls: 8,
    subject: { feature: "popover" },
    figure: "Chrome 116",
  },
  {
    q: "is it safe to use :has in prodution",
    who: "webdev",
    cls: 8,
    subject: { feature: "has" },
    figure: "Chrome 105",
  },
  {
    q: "when did chrome add css nesting",
    who: "webdev",
    cls: 8,
    subject: { feature: "nesting" },
    figure: "Chrome 120",
  },
  // Object.hasOwn() is a web feature of its own
  {
    q: "which chrome version supports Object.hasOwn",
    who: "webdev",
    cls: 8,
    subject: { feature: "object-hasown" },
    figure: "Chrome 93",
  },
  {
    q: "should i still use document.write",
    who: "webdev",
    cls: 8,
    subject: { feature: "document-write" },
    figure: "discouraged",
  },
  { q: "is webvr dead", who: "webdev", cls: 8, subject: { feature: "webvr" }, figure: "discouraged" },
  {
    q: "is the topics api deprecated",
    who: "admin",
    cls: 8,
    subject: { feature: "topics" },
    figure: "discouraged",
  },
  // the import assertions feature (assert {…}), discouraged in favour of import attributes
  {
    q: "are import assertions removed",
    who: "webdev",
    cls: 8,
    subject: { feature: "import-assertions" },
    figure: "discouraged",
  },
  {
    q: "mutation events removed in chrome?",
    who: "webdev",
    cls: 8,
    subject: { feature: "mutation-events" },
    figure: "discouraged",
  },
  {
    q: "can I drop the -webkit- prefix on backdrop-filter",
    who: "webdev",
    cls: 8,
    subject: { feature: "backdrop-filter" },
    figure: "Chrome 76",
  },
  { q: "is <dialog> baseline", who: "webdev", cls: 8, subject: { feature: "dialog" }, figure: "Chrome 37" },
  {
    q: "overflow overlay still work?",
    who: "webdev",
    cls: 8,
    subject: { feature: "overflow-overlay" },
    figure: "discouraged",
  },
  {
    q: "when can I use Temporal",
    who: "webdev",
    cls: 8,
    subject: { feature: "temporal" },
    figure: "Chrome 144",
  },
  // the feature is asked about; chrome 104 is the user's version, the milestone is the second reading
  {
    q: "do users on chrome 104 have :has()",
    who: "webdev",
    cls: 8,
    subject: { feature: "has" },
    figure: "Chrome 105",
  },
  {
    q: "scrollbar-width thin chrome version",
    who: "webdev",
    cls: 8,
    subject: { feature: "scrollbar-width" },
    figure: "Chrome 121",
  },
  {
    q: "how long has flexbox been supported",
    who: "webdev",
    cls: 8,
    subject: { feature: "flexbox" },
    figure: "Chrome 29",
  },
  {
    q: "is requestIdleCallback safe to use",
    who: "webdev",
    cls: 8,
    subject: { feature: "requestidlecallback" },
    figure: "Chrome 47",
  },
  {
    q: "css sin() and cos()",
    who: "webdev",
    cls: 8,
    subject: { feature: "trig-functions" },
    figure: "Chrome 111",
  },
  {
    q: "is the sanitizer api ready",
    who: "webdev",
    cls: 8,
    subject: { feature: "sanitizer" },
    figure: "Chrome 146",
  },
  // navigator.pdfViewerEnabled
  { q: "pdf viewer enabled", who: "admin", cls: 8, subject: { feature: "pdf-viewer" }, figure: "Chrome 94" },
  {
    q: "min chrome version for webcodecs",
    who: "webdev",
    cls: 8,
    subject: { feature: "webcodecs" },
    figure: "Chrome 94",
  },
  {
    q: "top level await chrome",
    who: "webdev",
    cls: 8,
    subject: { feature: "top-level-await" },
    figure: "Chrome 89",
  },
  {
    q: "user agent client hints",
    who: "admin",
    cls: 8,
    subject: { feature: "ua-client-hints" },
    figure: "Chrome 90",
  },
  // loading=lazy on images (and iframes), not the later lazy-loading of media elements
  {
    q: "Lazy Loading Images",
    who: "webdev",
    cls: 8,
    subject: { feature: "loading-lazy" },
    figure: "Chrome 77",
  },
  {
    q: "can i use the zoom property",
    who: "webdev",
    cls: 8,
    subject: { feature: "zoom" },
    figure: "Chrome 1",
  },
  {
    q: "is private network access still a thing",
    who: "admin",
    cls: 8,
    subject: { feature: "private-network-access" },
    figure: "discouraged",
  },
  { q: "css if function", who: "webdev", cls: 8, subject: { feature: "if" }, figure: "Chrome 137" },
  // keygen is in neither data.json
  { q: "<keygen> element", who: "webdev", cls: 8, subject: { miss: true } },
  // showModalDialog is in neither data.json
  { q: "window.showModalDialog", who: "webdev", cls: 8, subject: { miss: true } },
  // Public-Key-Pins / HPKP are in neither data.json
  { q: "HPKP Public-Key-Pins header", who: "admin", cls: 8, subject: { miss: true } },
  // Large-Allocation is in neither data.json
  { q: "Large-Allocation header", who: "admin", cls: 8, subject: { miss: true } },
  // menuitem is in neither data.json
  { q: "menuitem element", who: "webdev", cls: 8, subject: { miss: true } },
  // registerContentHandler is in neither data.json
  { q: "navigator.registerContentHandler", who: "webdev", cls: 8, subject: { miss: true } },
  // Web SQL (openDatabase) is in neither data.json
  { q: "is web sql still in chrome", who: "admin", cls: 8, subject: { miss: true } },
  // Tailwind is a library, in neither data.json
  { q: "tailwind css support", who: "webdev", cls: 8, subject: { miss: true } },
];
