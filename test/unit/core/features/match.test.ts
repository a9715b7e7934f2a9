// What a question about the web platform is about, against the real asset: exact names before loose words,
// a key's own name, the words a question is wrapped in, typos, and candidates instead of a guess.
import { describe, expect, it } from "vitest";
import {
  featureById,
  FEATURE_PREFIX,
  relatedTo,
  resolve,
  suggestSubjects,
  type Subject,
} from "../../../../src/core/features/match.ts";
import { realAsset, realMoreKeys } from "../../shared/answers/fixtures.ts";

/** `feature:has`, `key:javascript.operators.optional_chaining`, or null: what a question resolved to. */
const name = (s: Subject | null | undefined): string | null =>
  s === null || s === undefined
    ? null
    : s.kind === "feature"
      ? `feature:${s.feature.id}`
      : `key:${s.key.key}`;
const subjectOf = (text: string) => name(resolve(realAsset(), text).subject);
const candidatesOf = (text: string) => resolve(realAsset(), text).candidates.map(name);

describe("resolve: exact names", () => {
  it("an id, a display name (its punctuation part of it) and a moved id each name one feature", () => {
    expect(subjectOf("has")).toBe("feature:has");
    expect(subjectOf(":has()")).toBe("feature:has");
    expect(subjectOf("View Transitions")).toBe("feature:view-transitions");
    expect(subjectOf("masonry")).toBe("feature:grid-lanes");
  });

  it("a display name counts as much as an id: `color()`, `Pointer Events`, `progress()`, `<geolocation>`", () => {
    expect(subjectOf("color()")).toBe("feature:color-function");
    expect(subjectOf("color")).toBe("feature:color");
    expect(subjectOf("Pointer Events")).toBe("feature:pointer-events-api");
    expect(subjectOf("pointer-events")).toBe("feature:pointer-events");
    expect(subjectOf("progress()")).toBe("feature:progress-function");
    expect(subjectOf("<geolocation>")).toBe("feature:geolocation-element");
    expect(subjectOf("filter()")).toBe("feature:filter-function");
  });

  it("a name written in its own case decides between an id and a name: `Object`, `Selection`", () => {
    expect(subjectOf("Object")).toBe("feature:object-object");
    expect(subjectOf("object")).toBe("feature:object");
    expect(subjectOf("Selection")).toBe("feature:selection-api");
    expect(subjectOf("selection")).toBe("feature:selection");
  });

  it("one exact text that two features answer to is a choice between them, not a guess: `lang`, `overflow`", () => {
    expect(subjectOf("lang")).toBeNull();
    expect(candidatesOf("lang")).toEqual(expect.arrayContaining(["feature:lang", "feature:lang-attr"]));
    expect(subjectOf("overflow")).toBeNull();
    expect(candidatesOf("overflow")).toEqual(["feature:overflow-shorthand", "feature:overflow"]);
  });

  it("`feature:<id>` pins one feature, for links that must answer it", () => {
    expect(subjectOf(`${FEATURE_PREFIX}lang`)).toBe("feature:lang");
    expect(subjectOf(`${FEATURE_PREFIX}lang-attr`)).toBe("feature:lang-attr");
    expect(subjectOf(`${FEATURE_PREFIX}no-such-thing`)).toBeNull();
  });

  it("a web-features group offers its features: `web components`", () => {
    expect(subjectOf("web components")).toBeNull();
    expect(candidatesOf("web components")).toContain("feature:shadow-dom");
  });
});

describe("resolve: compat keys", () => {
  it("a pasted key answers that key; one that is its feature answers the feature", () => {
    expect(subjectOf("api.Document.exitPictureInPicture")).toBe("key:api.Document.exitPictureInPicture");
    expect(subjectOf("css.properties.anchor-name")).toBe("key:css.properties.anchor-name");
    expect(subjectOf("css.selectors.has")).toBe("feature:has");
  });

  it("a key's everyday name answers the key, not the broad feature web-features folds it into", () => {
    expect(subjectOf("optional chaining")).toBe("key:javascript.operators.optional_chaining");
    expect(subjectOf("Array.prototype.with()")).toBe("key:javascript.builtins.Array.with");
    // A key that is its feature (`array-findlast` is Array findLast) answers as the feature.
    expect(subjectOf("Array.prototype.findLast")).toBe("feature:array-findlast");
    expect(subjectOf("element.animate()")).toBe("key:api.Element.animate");
    expect(subjectOf("navigator.clipboard.writeText")).toBe("key:api.Clipboard.writeText");
    expect(subjectOf("in operator")).toBe("key:javascript.operators.in");
  });

  it("names as CSS and HTML write them: `@layer`, `@container` (the features made for them), `<marquee>`", () => {
    expect(subjectOf("@layer")).toBe("feature:cascade-layers");
    expect(subjectOf("@container")).toBe("feature:container-queries");
    expect(subjectOf("css.at-rules.container")).toBe("key:css.at-rules.container");
    expect(subjectOf("<dialog>")).toBe("feature:dialog");
    expect(subjectOf(":user-invalid")).toBe("feature:user-pseudos");
  });

  it("a tree named (css, js, html) picks that tree's key of a name others share", () => {
    expect(candidatesOf("round()").length).toBeGreaterThan(1);
    expect(subjectOf("the css round() function")).toBe("feature:round-mod-rem");
    expect(subjectOf("js Math.round")).toBe("key:javascript.builtins.Math.round");
  });

  it("an operator as code writes it answers its key: `??=`, `?.`, `the ** operator`", () => {
    expect(subjectOf("??=")).toBe("key:javascript.operators.nullish_coalescing_assignment");
    expect(subjectOf("the ?. operator")).toBe("key:javascript.operators.optional_chaining");
    // `??` came in Chrome 80; its feature, with `??=`, says 85: the key is what was asked.
    expect(subjectOf("??")).toBe("key:javascript.operators.nullish_coalescing");
    expect(subjectOf("the ** operator")).toBe("feature:exponentiation");
  });

  it("a name many keys share is a choice, never one of them picked: `loading`, `length`", () => {
    expect(subjectOf("loading")).toBeNull();
    expect(subjectOf("length")).toBeNull();
    expect(candidatesOf("length").length).toBeGreaterThan(1);
  });
});

describe("resolve: everyday words", () => {
  it.each([
    ["has selector", "feature:has"],
    ["CSS :has selector", "feature:has"],
    ["is :has() supported", "feature:has"],
    ["does chrome support container queries", "feature:container-queries"],
    ["popover api", "feature:popover"],
    ["css masonry", "feature:grid-lanes"],
    ["the dialog element", "feature:dialog"],
    ["can I use view transitions?", "feature:view-transitions"],
    ["the presentation api", "feature:presentation-api"],
  ])("%j is about %s", (text, subject) => {
    expect(subjectOf(text)).toBe(subject);
  });

  it("words of everyday questions that names also hold (ready, long, has, add, all, min) go only when nothing is found with them", () => {
    expect(subjectOf("is the Temporal API ready")).toBe("feature:temporal");
    expect(subjectOf("how long has flexbox been supported")).toBe("feature:flexbox");
    expect(subjectOf("when did chrome add css nesting")).toBe("feature:nesting");
    expect(subjectOf("min chrome version for webcodecs")).toBe("feature:webcodecs");
    expect(subjectOf("is webp safe for all users")).toBe("feature:webp");
    expect(subjectOf("can we drop -webkit-user-select")).toBe("feature:user-select");
    expect(subjectOf("do we need to transpile async await")).toBe("feature:async-await");
    // Names that hold them are still found by them.
    expect(subjectOf("long animation frames")).toBe("feature:long-animation-frames");
    expect(subjectOf("the min() function")).toBe("feature:min-max-clamp");
    expect(subjectOf("has")).toBe("feature:has");
  });

  it("a name that has a wrapping word in it is found whole first: `Web Share`, `color function`", () => {
    expect(subjectOf("Web Share")).toBe("feature:share");
    expect(subjectOf("color function")).toBe("feature:color-function");
  });

  it("a typo in a long word still names the feature its other words cover: `contaner queries`", () => {
    expect(subjectOf("contaner queries")).toBe("feature:container-queries");
    expect(subjectOf("view transitons")).toBe("feature:view-transitions");
  });

  it("a short word alone one letter from a name is another word, not a typo: `testing`, `tablet`, `websql`", () => {
    expect(subjectOf("testing")).toBeNull();
    expect(subjectOf("tablet")).toBeNull();
    expect(subjectOf("websql")).toBeNull();
    // A long one is a typo: nobody means another word by it.
    expect(subjectOf("strucuredClone")).toBe("feature:structured-clone");
  });

  it("one plain word that is only some keys' last segment offers them, never picks one: `errors`, `images`", () => {
    expect(subjectOf("errors")).toBeNull();
    expect(candidatesOf("errors")).toContain("key:javascript.builtins.AggregateError.errors");
    expect(subjectOf("Document.images")).toBe("key:api.Document.images");
  });

  it("words in any order cover a name: `lazy loading` is the id loading-lazy, not Lazy-loading media", () => {
    expect(subjectOf("lazy loading")).toBe("feature:loading-lazy");
  });

  it("a word many names share is a choice: `compression` (caniuse's word for Brotli answers nothing alone)", () => {
    expect(subjectOf("compression")).toBeNull();
    expect(candidatesOf("compression")).toEqual(expect.arrayContaining(["feature:zstd", "feature:brotli"]));
  });

  it("every word in one feature's name alone answers it: `oklch()`, `dynamic viewport units`", () => {
    expect(subjectOf("oklch()")).toBe("feature:oklab");
    expect(subjectOf("dynamic viewport units")).toBe("feature:viewport-unit-variants");
  });

  it("nothing for words no feature has, or punctuation alone", () => {
    expect(resolve(realAsset(), "xyzzy")).toEqual({ subject: null, candidates: [] });
    expect(resolve(realAsset(), "?!").subject).toBeNull();
  });
});

describe("resolve: parts of one feature asked together", () => {
  it("is that feature, where each part names it; parts of two features are no one subject", () => {
    expect(subjectOf("css sin() and cos()")).toBe("feature:trig-functions");
    expect(subjectOf("set union and intersection")).toBe("feature:set-methods");
    expect(subjectOf("grid and flexbox")).toBeNull();
  });
});

describe("resolve: a CSS declaration asked as written", () => {
  it("is its value where that names a subject, its property for a value of numbers, and never the `/` operator", () => {
    expect(subjectOf("height: 100dvh")).toBe("feature:viewport-unit-variants");
    expect(subjectOf("aspect-ratio: 16 / 9")).toBe("feature:aspect-ratio");
    expect(subjectOf("aspect-ratio 16/9")).toBe("feature:aspect-ratio");
    expect(subjectOf("the in operator")).toBe("key:javascript.operators.in");
    // A value of words that names nothing is not the property's broad feature.
    expect(subjectOf("display: block flex")).not.toBe("feature:display");
  });

  it("is the property's value key where it has one, before anything the search ranks first", () => {
    // The search ranked Logical properties and Font family UI first for these; the values are keys of the
    // second asset, which a declaration reads.
    const withMore = (text: string) => name(resolve(realAsset(), text, realMoreKeys()).subject);
    expect(withMore("border-style: dashed")).toBe("feature:borders");
    expect(withMore("font-family: monospace")).toBe("feature:font-family");
  });
});

describe("resolve: a name among the words of a question", () => {
  it("is the longest feature name there, before the name without its own words (Set methods is no Set)", () => {
    expect(subjectOf("can i use Set methods in production")).toBe("feature:set-methods");
    expect(subjectOf("what chrome version supports Web Audio")).toBe("feature:web-audio");
    expect(subjectOf("when was Media source added to chrome")).toBe("feature:media-source");
  });

  it("never a name made of the words a question says its kind with (`at rule`)", () => {
    expect(subjectOf("@property at-rule")).toBe("feature:registered-custom-properties");
  });

  it("reads phrases of asking whose words are names elsewhere: check if, compatibility table, has chrome", () => {
    expect(subjectOf("how to check if appearance is supported")).toBe("feature:appearance");
    expect(subjectOf("appearance compatibility table")).toBe("feature:appearance");
    expect(subjectOf("has chrome shipped element() yet")).toBe("feature:element");
    expect(subjectOf("check if() support")).toBe("feature:if");
  });
});

describe("resolve: one name among the asker's own words", () => {
  it("is that name's feature where it is the only name there, written as one", () => {
    expect(subjectOf("are our users able to use Temporal instead of moment.js")).toBe("feature:temporal");
  });

  it("is nothing where another word names something else, or the name is a plain word", () => {
    expect(subjectOf("scrollbar-gutter inside Style containment")).toBeNull();
    expect(subjectOf("video for our product page")).toBeNull();
  });

  it("reads a part asked with its owner after it as the owner's: `addstream event on RTCPeerConnection`", () => {
    const withMore = (text: string) => name(resolve(realAsset(), text, realMoreKeys()).subject);
    expect(withMore("addstream event on RTCPeerConnection")).toBe(
      "key:api.RTCPeerConnection.addstream_event",
    );
    expect(withMore("attribution-reporting directive in Permissions-Policy")).toBe(
      "key:http.headers.Permissions-Policy.attribution-reporting",
    );
  });

  it("names a policy header's directive by its kind word, with the header or its abbreviation", () => {
    const withMore = (text: string) => name(resolve(realAsset(), text, realMoreKeys()).subject);
    expect(withMore("report-uri directive")).toBe("key:http.headers.Content-Security-Policy.report-uri");
    expect(withMore("csp report-uri directive")).toBe("key:http.headers.Content-Security-Policy.report-uri");
    expect(withMore("Feature-Policy autoplay directive")).toBe("key:http.headers.Feature-Policy.autoplay");
  });

  it("counts an abbreviation among the words however it is typed: `pna`, `wasmgc`", () => {
    expect(subjectOf("pna preflight requests")).toBe("feature:private-network-access");
    expect(subjectOf("wasmgc for kotlin apps")).toBe("feature:wasm-garbage-collection");
  });

  it("in a sentence of ten words or more, reads plain words as words; a name written as one still counts", () => {
    expect(
      subjectOf(
        "our storefront lists every product in sections and we want cascade layers, which chrome has them",
      ),
    ).toBe("feature:cascade-layers");
    expect(
      subjectOf("our storefront wants cascade layers and Subgrid in every product card we ship"),
    ).toBeNull();
    // A code name met as plain words is none: "an array from the end" is no Array.from().
    expect(subjectOf("we want to search an array from the end for the last matching order")).not.toBe(
      "feature:array-from",
    );
  });

  it("is nothing where a narrower feature has the other words: requestAnimationFrame() in workers", () => {
    expect(subjectOf("rAF inside a web worker")).toBeNull();
  });
});

describe("resolve: shapes people write", () => {
  it("a media feature asked as a media query is the feature its key is part of", () => {
    expect(name(resolve(realAsset(), "hover media query", realMoreKeys()).subject)).toBe(
      "feature:interaction",
    );
  });

  it("a call asked with its arguments is the call", () => {
    expect(subjectOf("array.at(-1) browser support")).toBe("feature:array-at");
    expect(subjectOf("structuredClone(obj)")).toBe("feature:structured-clone");
  });
});

describe("resolve: a feature's name written, a part's only in words", () => {
  it("is the feature, where the part's own name is not written as it is", () => {
    // `text-box-trim`'s and `text-box-edge`'s words, but the `text-box` feature's name as written.
    expect(subjectOf("text-box edge")).toBe("feature:text-box");
  });

  it("stays the part where its name is written: a property, a member as code", () => {
    expect(subjectOf("mask-image")).toBe("key:css.properties.mask-image");
    expect(subjectOf("Document picture-in-picture requestWindow")).toBe(
      "key:api.DocumentPictureInPicture.requestWindow",
    );
  });
});

describe("resolve: an answer's title asked back", () => {
  it.each([
    ["mask-image (CSS property)", "key:css.properties.mask-image"],
    ["scroll-margin-top (CSS property)", "key:css.properties.scroll-margin-top"],
    ["logical or (JavaScript operator)", "key:javascript.operators.logical_or"],
    ["abort event (AbortSignal)", "key:api.AbortSignal.abort_event"],
    ["VRDisplay (Web API)", "key:api.VRDisplay"],
    // The translate attribute's feature is named `translate` too; the kind says the property.
    ["translate (CSS property)", "key:css.properties.translate"],
  ])("%j is %s: the kind in brackets read as words, an event's owner first", (text, subject) => {
    expect(name(resolve(realAsset(), text, realMoreKeys()).subject)).toBe(subject);
  });
});

describe("resolve: what a review of the last resorts found", () => {
  const withMore = (text: string) => name(resolve(realAsset(), text, realMoreKeys()).subject);

  it("drops soft words only where more than wrapping words are left, and keeps the case of the rest", () => {
    expect(subjectOf("is media query ready")).toBeNull();
    expect(subjectOf("is the Object ready")).toBe("feature:object-object");
    expect(subjectOf("has chrome shipped Object")).toBe("feature:object-object");
  });

  it("strips phrases of asking only where they are the question's frame", () => {
    expect(subjectOf("does chrome support data URLs")).toBe("feature:data-urls");
    expect(subjectOf("how to check if visibility is supported")).toBe("feature:visibility");
  });

  it("reads brackets as a title's kind only for the kinds titles say, at the path the title names", () => {
    expect(subjectOf("container queries (style)")).toBe("feature:container-style-queries");
    expect(withMore("animation: reverse (CSS)")).toBe("key:css.properties.animation.reverse");
    expect(withMore("MimeType (Web API)")).toBe("key:api.MimeType");
  });

  it("keeps arguments that are what was asked, and media queries only for media features", () => {
    expect(subjectOf("fetch(url, {keepalive: true})")).not.toBe("feature:fetch");
    expect(withMore("print media query")).toBeNull();
    expect(withMore("high contrast mode media query")).toBe("feature:forced-colors");
    expect(subjectOf("can i use the <geolocation> api in chrome yet")).toBe("feature:geolocation-element");
  });
});

describe("resolve: `has`", () => {
  it("is the name of :has(), asked with other words or before selector", () => {
    expect(subjectOf("is has supported")).toBe("feature:has");
    expect(subjectOf("has selector support chrome version")).toBe("feature:has");
  });
});

describe("resolve: plurals", () => {
  it("a word's plural or singular is the word typed exactly: LoAF for web-features' LoAFs", () => {
    expect(subjectOf("LoAF api")).toBe("feature:long-animation-frames");
  });
});

describe("resolve: what a fresh review found", () => {
  it("answers a question of 200 characters of hyphenated words that fail at their end (no backtracking)", () => {
    // A pattern that read `-` two ways took seconds at 135 characters and years at 200: this never returned.
    const r = resolve(realAsset(), `grid${"-grid".repeat(38)}*`, realMoreKeys());
    expect(["feature:grid", null]).toContain(name(r.subject));
  });

  it("finds a name that holds a question's word (html, layout, in, selectors) before the name without it", () => {
    expect(subjectOf("is Layout containment supported")).toBe("feature:contain-layout");
    expect(subjectOf("HTML in canvas browser support")).toBe("feature:canvas-html");
    expect(subjectOf("when did chrome ship Input selectors")).toBe("feature:input-selectors");
  });

  it("keeps a product's name, a name's own words and a declaration's property their own subject", () => {
    const withMore = (q: string) => name(resolve(realAsset(), q, realMoreKeys()).subject);
    expect(withMore("WebAssembly threads")).toBe("feature:wasm-threads");
    expect(withMore("Page visibility API")).toBe("feature:page-visibility");
    expect(withMore("web share target")).toBe("feature:app-share-targets");
    expect(withMore("color-mix() with three or more colors")).toBe("feature:color-mix-variadic");
    expect(withMore("font-size: 16px")).not.toBe("key:html.elements.font.size");
    expect(withMore("color: red")).toBeNull();
  });
});

describe("resolve: hostile words", () => {
  const prototypeNames = Object.getOwnPropertyNames(Object.prototype);

  it.each(prototypeNames)(
    "%j finds only what the data has by that name, never Object.prototype's",
    (text) => {
      const r = resolve(realAsset(), text);
      for (const s of [r.subject, ...r.candidates]) {
        if (s === null) continue;
        expect(s.kind === "feature" ? typeof s.feature.id : typeof s.key.key).toBe("string");
      }
      expect(() => suggestSubjects(realAsset(), text)).not.toThrow();
      expect(featureById(realAsset(), text)).toBeNull();
    },
  );

  it("`__proto__` is the feature of that name (web-features has one)", () => {
    expect(subjectOf("__proto__")).toBe("feature:proto");
  });
});

describe("suggestSubjects", () => {
  it("offers the feature a half-typed word starts: `contaner q`, `view-trans`", () => {
    expect(suggestSubjects(realAsset(), "contaner q").map(name)[0]).toBe("feature:container-queries");
    expect(suggestSubjects(realAsset(), "view-trans").map(name)).toContain("feature:view-transitions");
  });

  it("returns at most `limit`, the resolved subject first", () => {
    const list = suggestSubjects(realAsset(), "grid", 3);
    expect(list).toHaveLength(3);
    expect(name(list[0])).toBe("feature:grid");
  });
});

describe("relatedTo", () => {
  it("names close features other than the subject, none for a lone name", () => {
    const cq = resolve(realAsset(), "container queries").subject;
    if (cq === null) throw new Error("container queries resolve");
    expect(relatedTo(realAsset(), "container queries", cq).map((f) => f.id)).toContain(
      "container-style-queries",
    );
    const x = resolve(realAsset(), "xslt").subject;
    if (x === null) throw new Error("xslt resolves");
    expect(relatedTo(realAsset(), "xslt", x)).toEqual([]);
  });
});

describe("featureById", () => {
  it("finds a feature by id, and a moved one where it went", () => {
    expect(featureById(realAsset(), "has")?.name).toBe(":has()");
    expect(featureById(realAsset(), "masonry")?.id).toBe("grid-lanes");
    expect(featureById(realAsset(), "xyzzy")).toBeNull();
  });
});
