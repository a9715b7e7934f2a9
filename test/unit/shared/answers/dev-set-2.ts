// Second development set for issue 40 ("Ask II"): 160 questions a web developer, QA/release engineer or IT
// admin would type, in the eight classes of the issue (8: everyday questions), each with the subject and figure
// the oracle gives. Written from the issue text and the data only, without reading the matcher, the tuning
// corpus (corpus.ts), the held-out set (held-out.ts), the first development set's questions (dev-set.ts; only
// its header was read, and its questions were compared by a script so that none is repeated here) or the
// feature aliases. Use it for development; it is not the held-out measurement. The 12 of its questions that
// are also questions of the held-out set were taken out.
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

export const DEV_SET_2: readonly HeldOutCase[] = [
  // 1. A browser named in the question
  {
    cls: 1,
    who: "webdev",
    q: "backdrop-filter firefox",
    subject: { feature: "backdrop-filter" },
    figure: "Chrome 76",
  },
  {
    cls: 1,
    who: "webdev",
    q: "is :has() supported on firefox android",
    subject: { feature: "has" },
    figure: "Chrome 105",
  },
  {
    cls: 1,
    who: "qa",
    q: "popover api on ios safari",
    subject: { feature: "popover" },
    figure: "Chrome 116",
  },
  {
    cls: 1,
    who: "webdev",
    q: "webgpu in firefox yet?",
    subject: { feature: "webgpu" },
    figure: "Chrome 144",
  },
  {
    cls: 1,
    who: "webdev",
    q: "scroll-driven animations safari support",
    subject: { feature: "scroll-driven-animations" },
    figure: "Chrome 115",
  },
  {
    cls: 1,
    who: "qa",
    q: "css nesting samsung internet",
    subject: { feature: "nesting" },
    figure: "Chrome 120",
  },
  // 2. Values, syntax and kind words around a name
  {
    cls: 2,
    who: "webdev",
    q: "display: flow-root browser support",
    subject: { feature: "display-flow-root" },
    figure: "Chrome 58",
  },
  // the optional chaining operator; its compat key sits in the web feature "object-object", so the key is the subject
  {
    cls: 2,
    who: "webdev",
    q: "the ?. operator",
    subject: { key: "javascript.operators.optional_chaining" },
    figure: "Chrome 80",
  },
  // the feature is the event on Element and Document (two keys), so the feature rather than one key
  {
    cls: 2,
    who: "webdev",
    q: "onscrollend event support",
    subject: { feature: "scrollend" },
    figure: "Chrome 114",
  },
  {
    cls: 2,
    who: "webdev",
    q: "@starting-style at-rule",
    subject: { feature: "starting-style" },
    figure: "Chrome 117",
  },
  {
    cls: 2,
    who: "webdev",
    q: 'hidden="until-found" attribute',
    subject: { feature: "hidden-until-found" },
    figure: "Chrome 102",
  },
  {
    cls: 2,
    who: "webdev",
    q: "text-wrap: pretty value",
    subject: { feature: "text-wrap-pretty" },
    figure: "Chrome 117",
  },
  // 3. Abbreviations and the words people use (each with why the mapping holds)
  // web-features: protected audience, "Also known as FLEDGE"
  { cls: 3, who: "webdev", q: "FLEDGE", subject: { feature: "protected-audience" }, figure: "discouraged" },
  // web-features: readable byte streams, "Also known as BYOB or bring your own buffer"
  {
    cls: 3,
    who: "webdev",
    q: "BYOB reader streams",
    subject: { feature: "readable-byte-streams" },
    figure: "Chrome 89",
  },
  // web-features: "relative color syntax (RCS)"
  {
    cls: 3,
    who: "webdev",
    q: "RCS css colors",
    subject: { feature: "relative-color" },
    figure: "Chrome 125",
  },
  // web-features: long animation frames, "Also known as LoAFs"
  {
    cls: 3,
    who: "webdev",
    q: "LoAF api",
    subject: { feature: "long-animation-frames" },
    figure: "Chrome 123",
  },
  // web-features: font-variation-settings, "Also known as variable fonts"
  {
    cls: 3,
    who: "webdev",
    q: "can I use variable fonts",
    subject: { feature: "font-variation-settings" },
    figure: "Chrome 62",
  },
  // web-features: @supports, "Also known as feature queries"; close second: supports-at-rule (at-rule() inside @supports)
  { cls: 3, who: "webdev", q: "css feature queries", subject: { feature: "supports" }, figure: "Chrome 28" },
  // web-features: dedicated workers, "Also known as web workers"; close second: shared-workers
  { cls: 3, who: "webdev", q: "web workers", subject: { feature: "dedicated-workers" }, figure: "Chrome 4" },
  // web-features: SVG animations, "Also known as SMIL"
  {
    cls: 3,
    who: "webdev",
    q: "SMIL animations",
    subject: { feature: "smil-svg-animations" },
    figure: "Chrome 19",
  },
  // web-features: text-wrap: balance, "Also known as headline balancing"
  {
    cls: 3,
    who: "webdev",
    q: "headline balancing",
    subject: { feature: "text-wrap-balance" },
    figure: "Chrome 114",
  },
  // web-features: forced colors mode, "also known as high-contrast mode"; close second: prefers-contrast
  {
    cls: 3,
    who: "webdev",
    q: "high contrast mode css",
    subject: { feature: "forced-colors" },
    figure: "Chrome 89",
  },
  // web-features: CSS object model, "Also known as CSSOM"; close second: css-object-model-discouraged
  { cls: 3, who: "webdev", q: "CSSOM", subject: { feature: "css-object-model" }, figure: "Chrome 28" },
  // web-features and MDN: requestIdleCallback(), "Also known as the background tasks API"
  {
    cls: 3,
    who: "webdev",
    q: "background tasks api",
    subject: { feature: "requestidlecallback" },
    figure: "Chrome 47",
  },
  // web-features: Early-Data header, "zero round-trip time resumption or 0-RTT"; no Chrome support in status, so Firefox
  { cls: 3, who: "admin", q: "0-RTT", subject: { feature: "early-data" }, figure: "Firefox 58" },
  // web-features: picture-in-picture, "Also known as PiP or pop-out video"; close second: document-picture-in-picture
  {
    cls: 3,
    who: "webdev",
    q: "pop-out video player",
    subject: { feature: "picture-in-picture" },
    figure: "Chrome 69",
  },
  // web-features: the id masonry moved to grid-lanes, "Also known as masonry"; no Chrome support in status, so Safari
  { cls: 3, who: "webdev", q: "masonry layout", subject: { feature: "grid-lanes" }, figure: "Safari 26.4" },
  // MDN :has(): "a way of selecting a parent element"
  { cls: 3, who: "webdev", q: "css parent selector", subject: { feature: "has" }, figure: "Chrome 105" },
  // web-features: small, large, and dynamic viewport units (sv*, lv*, dv*)
  {
    cls: 3,
    who: "webdev",
    q: "dvh units",
    subject: { feature: "viewport-unit-variants" },
    figure: "Chrome 108",
  },
  // web-features: safe-area-inset-* env() variables, a screen area that a non-rectangular screen (a notch) cannot cut off
  {
    cls: 3,
    who: "webdev",
    q: "notch safe area padding",
    subject: { feature: "safe-area-inset" },
    figure: "Chrome 69",
  },
  // web-features: structuredClone() "creates a deep copy of an object"
  {
    cls: 3,
    who: "webdev",
    q: "deep copy an object natively",
    subject: { feature: "structured-clone" },
    figure: "Chrome 98",
  },
  // web-features: field-sizing lets <textarea> be sized based on its content
  {
    cls: 3,
    who: "webdev",
    q: "auto-grow textarea with css",
    subject: { feature: "field-sizing" },
    figure: "Chrome 123",
  },
  // web-features: "corner-shape: squircle is a shape in between a square and rounded corner"
  {
    cls: 3,
    who: "webdev",
    q: "squircle shapes in css",
    subject: { feature: "corner-shape" },
    figure: "Chrome 139",
  },
  // web-features: Largest contentful paint (LCP) performance entries
  {
    cls: 3,
    who: "webdev",
    q: "measure LCP",
    subject: { feature: "largest-contentful-paint" },
    figure: "Chrome 77",
  },
  // web-features: layout-shift entries "used to calculate cumulative layout shift (CLS)"
  {
    cls: 3,
    who: "webdev",
    q: "track CLS in js",
    subject: { feature: "layout-instability" },
    figure: "Chrome 84",
  },
  // web-features: event timing entries "used to calculate interaction to next paint (INP)"
  { cls: 3, who: "webdev", q: "INP measurement", subject: { feature: "event-timing" }, figure: "Chrome 76" },
  // V8 and Chrome name WebAssembly garbage collection "WasmGC"
  {
    cls: 3,
    who: "webdev",
    q: "WasmGC",
    subject: { feature: "wasm-garbage-collection" },
    figure: "Chrome 119",
  },
  // web-features: HTTP/3 uses "QUIC as the underlying transport protocol"
  { cls: 3, who: "admin", q: "QUIC support", subject: { feature: "http3" }, figure: "Chrome 87" },
  // web-features: screen wake lock "prevents the device's screen from dimming or being turned off"
  {
    cls: 3,
    who: "webdev",
    q: "keep the screen awake api",
    subject: { feature: "screen-wake-lock" },
    figure: "Chrome 84",
  },
  // web-features: "Also known as ECMAScript modules or ESM in service workers"
  {
    cls: 3,
    who: "webdev",
    q: "ESM in service workers",
    subject: { feature: "js-modules-service-workers" },
    figure: "Chrome 91",
  },
  // FLoC (the Topics API's predecessor) is named nowhere in data.json; topics is a loose second reading, not the same API
  { cls: 3, who: "webdev", q: "FLoC", subject: { miss: true } },
  // signed exchanges (SXG) are named nowhere in data.json
  { cls: 3, who: "admin", q: "SXG signed exchanges", subject: { miss: true } },
  // 4. One strong candidate
  // web-features names it "CPU compute pressure"
  {
    cls: 4,
    who: "webdev",
    q: "cpu pressure api",
    subject: { feature: "compute-pressure" },
    figure: "Chrome 125",
  },
  {
    cls: 4,
    who: "webdev",
    q: "keyboard lock api",
    subject: { feature: "keyboard-lock" },
    figure: "Chrome 68",
  },
  {
    cls: 4,
    who: "webdev",
    q: "gamepad haptics",
    subject: { feature: "gamepad-haptics" },
    figure: "Chrome 68",
  },
  // window.queryLocalFonts()
  {
    cls: 4,
    who: "webdev",
    q: "query local fonts",
    subject: { feature: "local-fonts" },
    figure: "Chrome 103",
  },
  // the API was first called Window Placement; web-features: getScreenDetails() for placing windows on screens
  {
    cls: 4,
    who: "webdev",
    q: "multi-screen window placement",
    subject: { feature: "window-management" },
    figure: "Chrome 111",
  },
  // the IdleDetector API
  { cls: 4, who: "webdev", q: "idle detector", subject: { feature: "idle-detection" }, figure: "Chrome 94" },
  // 5. Compat keys that are deprecated, removed or in no web feature
  {
    cls: 5,
    who: "webdev",
    q: "keyIdentifier removed from chrome?",
    subject: { key: "api.KeyboardEvent.keyIdentifier" },
    figure: "removed in Chrome 54",
  },
  // close second: Event.target
  {
    cls: 5,
    who: "webdev",
    q: "event.srcElement vs target",
    subject: { key: "api.Event.srcElement" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "webdev",
    q: "is window.event deprecated",
    subject: { key: "api.Window.event" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "webdev",
    q: "KeyboardEvent.charCode alternative",
    subject: { key: "api.KeyboardEvent.charCode" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "webdev",
    q: "does the <center> tag still work in chrome",
    subject: { key: "html.elements.center" },
    figure: "Chrome 1",
  },
  // close second: <frame> (html.elements.frame)
  {
    cls: 5,
    who: "qa",
    q: "frameset support in modern browsers",
    subject: { key: "html.elements.frameset" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "webdev",
    q: "<font> element deprecated",
    subject: { key: "html.elements.font" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "webdev",
    q: "<body bgcolor> still work?",
    subject: { key: "html.elements.body.bgcolor" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "admin",
    q: "Expect-CT header still needed?",
    subject: { key: "http.headers.Expect-CT" },
    figure: "removed in Chrome 107",
  },
  // close second: navigator.doNotTrack
  { cls: 5, who: "admin", q: "DNT header chrome", subject: { key: "http.headers.DNT" }, figure: "Chrome 23" },
  {
    cls: 5,
    who: "admin",
    q: "Report-To header support",
    subject: { key: "http.headers.Report-To" },
    figure: "Chrome 70",
  },
  {
    cls: 5,
    who: "admin",
    q: "X-Frame-Options header browser support",
    subject: { key: "http.headers.X-Frame-Options" },
    figure: "Chrome 4",
  },
  {
    cls: 5,
    who: "webdev",
    q: "background-repeat-x property",
    subject: { key: "css.properties.background-repeat-x" },
    figure: "removed in Chrome 120",
  },
  // close second: text-decoration-skip-ink (a feature)
  {
    cls: 5,
    who: "webdev",
    q: "text-decoration-skip chrome",
    subject: { key: "css.properties.text-decoration-skip" },
    figure: "removed in Chrome 64",
  },
  {
    cls: 5,
    who: "webdev",
    q: "initMouseEvent deprecated",
    subject: { key: "api.MouseEvent.initMouseEvent" },
    figure: "Chrome 1",
  },
  {
    cls: 5,
    who: "webdev",
    q: "getPropertyCSSValue removed",
    subject: { key: "api.CSSStyleDeclaration.getPropertyCSSValue" },
    figure: "removed in Chrome 40",
  },
  {
    cls: 5,
    who: "webdev",
    q: "GPUAdapter.requestAdapterInfo() gone?",
    subject: { key: "api.GPUAdapter.requestAdapterInfo" },
    figure: "removed in Chrome 131",
  },
  // close second: the scrollbar-color / scrollbar-width features
  {
    cls: 5,
    who: "webdev",
    q: "::-webkit-scrollbar styling support",
    subject: { key: "css.selectors.-webkit-scrollbar" },
    figure: "Chrome 2",
  },
  {
    cls: 5,
    who: "webdev",
    q: "Error.captureStackTrace browser support",
    subject: { key: "javascript.builtins.Error.captureStackTrace" },
    figure: "Chrome 3",
  },
  // close second: ua-client-hints (Sec-CH-UA)
  {
    cls: 5,
    who: "admin",
    q: "Sec-CH-UA-Full-Version deprecated",
    subject: { key: "http.headers.Sec-CH-UA-Full-Version" },
    figure: "Chrome 89",
  },
  // the application cache (AppCache) is named nowhere in data.json
  { cls: 5, who: "webdev", q: "AppCache removal date", subject: { miss: true } },
  {
    cls: 6,
    who: "webdev",
    q: "String.prototype.isWellFormed() mdn",
    subject: { key: "javascript.builtins.String.isWellFormed" },
    figure: "Chrome 111",
  },
  {
    cls: 6,
    who: "webdev",
    q: "URL.canParse() static method",
    subject: { key: "api.URL.canParse_static" },
    figure: "Chrome 120",
  },
  {
    cls: 6,
    who: "webdev",
    q: "HTMLDialogElement.showModal() docs",
    subject: { key: "api.HTMLDialogElement.showModal" },
    figure: "Chrome 37",
  },
  {
    cls: 6,
    who: "webdev",
    q: "text-wrap-style CSS property",
    subject: { key: "css.properties.text-wrap-style" },
    figure: "Chrome 130",
  },
  // one entry of the feature array-group (Object.groupBy and Map.groupBy)
  {
    cls: 6,
    who: "webdev",
    q: "Object.groupBy() mdn page",
    subject: { key: "javascript.builtins.Object.groupBy" },
    figure: "Chrome 117",
  },
  // 7. Milestones and versions as people ask
  { cls: 7, who: "qa", q: "chrome 150 stable date", subject: { milestone: 150 }, figure: "Chrome 150" },
  { cls: 7, who: "webdev", q: "what's in chrome 149", subject: { milestone: 149 }, figure: "Chrome 149" },
  { cls: 7, who: "qa", q: "chrome 148 early stable", subject: { milestone: 148 }, figure: "Chrome 148" },
  { cls: 7, who: "qa", q: "when does m152 hit beta", subject: { milestone: 152 }, figure: "Chrome 152" },
  { cls: 7, who: "webdev", q: "chrome 147 release notes", subject: { milestone: 147 }, figure: "Chrome 147" },
  // on mac 152.0.7977.54 (0.5) and 151.0.7922.174 (0.5) are live: the newest there is 152.0.7977.54 (the
  // rule's Linux release is for questions that name no platform)
  {
    cls: 7,
    who: "admin",
    q: "current chrome version on mac",
    subject: { version: "152.0.7977.54" },
    figure: "152.0.7977.54",
  },
  {
    cls: 7,
    who: "qa",
    q: "when will chrome 155 be stable",
    subject: { milestone: 155 },
    figure: "Chrome 155",
  },
  { cls: 7, who: "qa", q: "chrome 156 branch point", subject: { milestone: 156 }, figure: "Chrome 156" },
  { cls: 7, who: "admin", q: "M160 stable release date", subject: { milestone: 160 }, figure: "Chrome 160" },
  { cls: 7, who: "qa", q: "chrome 153 beta", subject: { milestone: 153 }, figure: "Chrome 153" },
  {
    cls: 7,
    who: "admin",
    q: "latest chrome stable version",
    subject: { version: "151.0.7922.173" },
    figure: "151.0.7922.173",
  },
  {
    cls: 7,
    who: "qa",
    q: "newest stable chrome release",
    subject: { version: "151.0.7922.173" },
    figure: "151.0.7922.173",
  },
  {
    cls: 7,
    who: "qa",
    q: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36",
    subject: { milestone: 151 },
    figure: "Chrome 151",
  },
  // Edge on Chromium 148
  {
    cls: 7,
    who: "qa",
    q: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/148.0.0.0 Safari/537.36 Edg/148.0.0.0",
    subject: { milestone: 148 },
    figure: "Chrome 148",
  },
  // Opera: OPR/135 is Opera's own version, Chrome/149 its Chromium milestone
  {
    cls: 7,
    who: "qa",
    q: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/149.0.0.0 Safari/537.36 OPR/135.0.0.0",
    subject: { milestone: 149 },
    figure: "Chrome 149",
  },
  // headless Chrome's token, HeadlessChrome/N.0.0.0
  {
    cls: 7,
    who: "qa",
    q: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/153.0.0.0 Safari/537.36",
    subject: { milestone: 153 },
    figure: "Chrome 153",
  },
  // a full (unreduced) version in the UA string
  {
    cls: 7,
    who: "qa",
    q: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.7871.124 Safari/537.36",
    subject: { version: "150.0.7871.124" },
    figure: "150.0.7871.124",
  },
  {
    cls: 7,
    who: "admin",
    q: "is 151.0.7922.174 the latest on windows",
    subject: { version: "151.0.7922.174" },
    figure: "151.0.7922.174",
  },
  {
    cls: 7,
    who: "admin",
    q: "we're pinned to 149.0.7827.200, how old is that",
    subject: { version: "149.0.7827.200" },
    figure: "149.0.7827.200",
  },
  {
    cls: 7,
    who: "admin",
    q: "chrome 148.0.7778.215 release date",
    subject: { version: "148.0.7778.215" },
    figure: "148.0.7778.215",
  },
  {
    cls: 7,
    who: "admin",
    q: "users on 146.0.7680.177 need to update?",
    subject: { version: "146.0.7680.177" },
    figure: "146.0.7680.177",
  },
  {
    cls: 7,
    who: "admin",
    q: "152.0.7977.54 rollout percentage",
    subject: { version: "152.0.7977.54" },
    figure: "152.0.7977.54",
  },
  {
    cls: 7,
    who: "qa",
    q: "154.0.8013.2 dev build",
    subject: { version: "154.0.8013.2" },
    figure: "154.0.8013.2",
  },
  {
    cls: 7,
    who: "qa",
    q: "which milestone is 145.0.7632",
    subject: { version: "145.0.7632" },
    figure: "145.0.7632",
  },
  { cls: 7, who: "qa", q: "m154 dev channel", subject: { milestone: 154 }, figure: "Chrome 154" },
  {
    cls: 7,
    who: "admin",
    q: "chrome 151 stable refresh date",
    subject: { milestone: 151 },
    figure: "Chrome 151",
  },
  { cls: 7, who: "admin", q: "how long until chrome 158", subject: { milestone: 158 }, figure: "Chrome 158" },
  { cls: 7, who: "qa", q: "m157 branch date", subject: { milestone: 157 }, figure: "Chrome 157" },
  // 120.0.6099.230 is an Android stable release only
  {
    cls: 7,
    who: "admin",
    q: "chrome 120.0.6099.230 security fixes",
    subject: { version: "120.0.6099.230" },
    figure: "120.0.6099.230",
  },
  // 8. Everyday questions
  {
    cls: 8,
    who: "webdev",
    q: "can I ship container queries without a fallback",
    subject: { feature: "container-queries" },
    figure: "Chrome 105",
  },
  {
    cls: 8,
    who: "webdev",
    q: "subgrid browser support",
    subject: { feature: "subgrid" },
    figure: "Chrome 117",
  },
  { cls: 8, who: "webdev", q: "is :has() baseline yet", subject: { feature: "has" }, figure: "Chrome 105" },
  {
    cls: 8,
    who: "webdev",
    q: "structuredClone polyfill needed?",
    subject: { feature: "structured-clone" },
    figure: "Chrome 98",
  },
  {
    cls: 8,
    who: "qa",
    q: "dialog element not working in safari",
    subject: { feature: "dialog" },
    figure: "Chrome 37",
  },
  {
    cls: 8,
    who: "webdev",
    q: "is popover widely available",
    subject: { feature: "popover" },
    figure: "Chrome 116",
  },
  {
    cls: 8,
    who: "webdev",
    q: "can we use css nesting in production",
    subject: { feature: "nesting" },
    figure: "Chrome 120",
  },
  // close second: cross-document-view-transitions
  {
    cls: 8,
    who: "webdev",
    q: "view transitions browser support",
    subject: { feature: "view-transitions" },
    figure: "Chrome 111",
  },
  {
    cls: 8,
    who: "webdev",
    q: "is webp safe for all users",
    subject: { feature: "webp" },
    figure: "Chrome 32",
  },
  // close second: jpeg
  {
    cls: 8,
    who: "webdev",
    q: "do we still need a jpeg fallback for avif",
    subject: { feature: "avif" },
    figure: "Chrome 85",
  },
  {
    cls: 8,
    who: "webdev",
    q: "Promise.withResolvers polyfill",
    subject: { feature: "promise-withresolvers" },
    figure: "Chrome 119",
  },
  // one entry of the feature array-at (Array and TypedArray at())
  {
    cls: 8,
    who: "webdev",
    q: "array.at() support",
    subject: { key: "javascript.builtins.Array.at" },
    figure: "Chrome 92",
  },
  {
    cls: 8,
    who: "webdev",
    q: "is the Temporal API ready",
    subject: { feature: "temporal" },
    figure: "Chrome 144",
  },
  {
    cls: 8,
    who: "webdev",
    q: "lazy loading iframes browser support",
    subject: { feature: "loading-lazy" },
    figure: "Chrome 77",
  },
  {
    cls: 8,
    who: "webdev",
    q: "scrollbar-gutter safe to use?",
    subject: { feature: "scrollbar-gutter" },
    figure: "Chrome 94",
  },
  {
    cls: 8,
    who: "qa",
    q: "text-wrap balance not working in firefox",
    subject: { feature: "text-wrap-balance" },
    figure: "Chrome 114",
  },
  {
    cls: 8,
    who: "webdev",
    q: "can i use import maps",
    subject: { feature: "import-maps" },
    figure: "Chrome 89",
  },
  {
    cls: 8,
    who: "webdev",
    q: "top level await support",
    subject: { feature: "top-level-await" },
    figure: "Chrome 89",
  },
  {
    cls: 8,
    who: "webdev",
    q: "Intl.Segmenter support for word splitting",
    subject: { feature: "intl-segmenter" },
    figure: "Chrome 87",
  },
  {
    cls: 8,
    who: "webdev",
    q: "focus-visible support",
    subject: { feature: "focus-visible" },
    figure: "Chrome 86",
  },
  {
    cls: 8,
    who: "webdev",
    q: "cascade layers browser support",
    subject: { feature: "cascade-layers" },
    figure: "Chrome 99",
  },
  {
    cls: 8,
    who: "webdev",
    q: "set union and intersection methods support",
    subject: { feature: "set-methods" },
    figure: "Chrome 122",
  },
  {
    cls: 8,
    who: "webdev",
    q: "fetch priority hints support",
    subject: { feature: "fetch-priority" },
    figure: "Chrome 103",
  },
  {
    cls: 8,
    who: "webdev",
    q: "is customizable select ready for production?",
    subject: { feature: "customizable-select" },
    figure: "Chrome 135",
  },
  { cls: 8, who: "qa", q: "scroll snap on ios", subject: { feature: "scroll-snap" }, figure: "Chrome 69" },
  {
    cls: 8,
    who: "webdev",
    q: "web share api on desktop",
    subject: { feature: "share" },
    figure: "Chrome 128",
  },
  {
    cls: 8,
    who: "webdev",
    q: "css aspect-ratio can i use",
    subject: { feature: "aspect-ratio" },
    figure: "Chrome 88",
  },
  {
    cls: 8,
    who: "webdev",
    q: "which chrome version added :user-valid and :user-invalid",
    subject: { feature: "user-pseudos" },
    figure: "Chrome 119",
  },
  {
    cls: 8,
    who: "qa",
    q: "flexbox gap safari support",
    subject: { feature: "flexbox-gap" },
    figure: "Chrome 84",
  },
  {
    cls: 8,
    who: "webdev",
    q: "font-display swap supported everywhere?",
    subject: { feature: "font-display" },
    figure: "Chrome 60",
  },
  {
    cls: 8,
    who: "webdev",
    q: "round() mod() rem() css support",
    subject: { feature: "round-mod-rem" },
    figure: "Chrome 125",
  },
  {
    cls: 8,
    who: "webdev",
    q: "can I drop the -webkit- prefix for backdrop-filter",
    subject: { feature: "backdrop-filter" },
    figure: "Chrome 76",
  },
  // a "latest stable" question with no number
  {
    cls: 8,
    who: "admin",
    q: "what chrome version are we on",
    subject: { version: "151.0.7922.173" },
    figure: "151.0.7922.173",
  },
  { cls: 8, who: "admin", q: "when does chrome 153 ship", subject: { milestone: 153 }, figure: "Chrome 153" },
  {
    cls: 8,
    who: "webdev",
    q: "mutation events removal",
    subject: { feature: "mutation-events" },
    figure: "discouraged",
  },
  // web-features: Oklab and OkLCh
  { cls: 8, who: "webdev", q: "oklch in production?", subject: { feature: "oklab" }, figure: "Chrome 111" },
  {
    cls: 8,
    who: "webdev",
    q: "is the navigation api baseline",
    subject: { feature: "navigation" },
    figure: "Chrome 102",
  },
  {
    cls: 8,
    who: "webdev",
    q: "passkeys webauthn support",
    subject: { feature: "webauthn" },
    figure: "Chrome 67",
  },
  {
    cls: 8,
    who: "admin",
    q: "is http/3 enabled by default in chrome",
    subject: { feature: "http3" },
    figure: "Chrome 87",
  },
  {
    cls: 8,
    who: "webdev",
    q: "scroll-behavior smooth not working on safari",
    subject: { feature: "scroll-behavior" },
    figure: "Chrome 61",
  },
  // Web SQL (openDatabase) is named nowhere in data.json
  { cls: 8, who: "webdev", q: "is WebSQL still supported in chrome", subject: { miss: true } },
  { cls: 8, who: "webdev", q: "jquery 4 browser support", subject: { miss: true } },
  { cls: 8, who: "webdev", q: "tailwind v4 browser support", subject: { miss: true } },
  { cls: 8, who: "admin", q: "web environment integrity api status", subject: { miss: true } },
  { cls: 8, who: "admin", q: "silverlight plugin in chrome", subject: { miss: true } },
];
