// The second features asset (compat-keys.json): every browser-compat-data key the first leaves out, read
// only where the first names nothing, answered from the key's own support.
import { describe, expect, it } from "vitest";
import { resolve, type Subject } from "../../../../src/core/features/match.ts";
import { compatKeys } from "../../../../src/core/features/compat-keys.ts";
import { moreKeys, readMoreKeys } from "../../../../src/core/features/more-keys.ts";
import { realAsset, realMoreKeys } from "../../shared/answers/fixtures.ts";

const name = (s: Subject | null): string | null =>
  s === null ? null : s.kind === "feature" ? `feature:${s.feature.id}` : `key:${s.key.key}`;
const subjectOf = (text: string) => name(resolve(realAsset(), text, realMoreKeys()).subject);

describe("the second asset", () => {
  it("holds the keys the first leaves out, deprecated and removed ones, but no extension's or driver's", () => {
    const more = moreKeys(realAsset(), realMoreKeys());
    const first = new Set(compatKeys(realAsset()).map((k) => k.key));
    expect(more.filter((k) => first.has(k.key))).toEqual([]);
    const keyCode = more.find((k) => k.key === "api.KeyboardEvent.keyCode");
    expect(keyCode).toMatchObject({
      feature: null,
      deprecated: true,
      support: ["1", "18", "12", "1.5", "4", "1.2", "1"],
    });
    expect(keyCode?.page).toBe("https://developer.mozilla.org/docs/Web/API/KeyboardEvent/keyCode");
    // Removed: from 4, removed in 78.
    expect(more.find((k) => k.key === "http.headers.X-XSS-Protection")?.support[0]).toBe("4-78");
    // A value below a feature's entry keeps its feature.
    expect(more.find((k) => k.key === "css.properties.gap.grid_context")?.feature?.id).toBe("grid");
    expect(more.some((k) => /^(webextensions|webdriver)\./.test(k.key))).toBe(false);
  });

  it("refuses what is not a second asset of this format, saying what is wrong", () => {
    expect(() => readMoreKeys({ format: 2 })).toThrow(
      "compat-keys.json is not a compat keys asset of format 1: format is 2",
    );
    expect(() => readMoreKeys({ format: 1, bcd: "8.1.9", compat: { rows: 1 } })).toThrow("not packed");
  });
});

describe("resolve with the second asset", () => {
  it("answers a key it names by path, as written, or by its everyday name", () => {
    expect(subjectOf("KeyboardEvent.keyCode")).toBe("key:api.KeyboardEvent.keyCode");
    expect(subjectOf("<marquee>")).toBe("key:html.elements.marquee");
    expect(subjectOf("the unload event")).toBe("key:api.Window.unload_event");
    expect(subjectOf("X-XSS-Protection header")).toBe("key:http.headers.X-XSS-Protection");
    expect(subjectOf("the document.domain setter")).toBe("key:api.Document.domain");
  });

  it("beats what only the search or caniuse's names found, for a question that says its kind", () => {
    // `plaintext` is in the name of contenteditable="plaintext-only"; an element is what was asked.
    expect(subjectOf("plaintext element")).toBe("key:html.elements.plaintext");
    // The name's case tells its words apart once the kind word is dropped.
    expect(subjectOf("MutationEvent interface")).toBe("key:api.MutationEvent");
  });

  it("beats what only the search or caniuse's names found, for a question written as code", () => {
    // The first asset finds the Window feature by its words; the second has `api.Window.event` exactly.
    expect(name(resolve(realAsset(), "window.event").subject)).toBe("feature:window");
    expect(subjectOf("window.event")).toBe("key:api.Window.event");
    expect(subjectOf("text-decoration-skip")).toBe("key:css.properties.text-decoration-skip");
  });

  it("is read only where the first names nothing: a name of the first stays its answer", () => {
    expect(subjectOf("container queries")).toBe("feature:container-queries");
    expect(name(resolve(realAsset(), "KeyboardEvent.keyCode").subject)).toBeNull();
  });

  it("answers a value deprecated or removed as itself, never as the feature that lives on", () => {
    // `zoom` shipped in Chrome 1; its `reset` value was removed.
    expect(subjectOf("zoom: reset")).toBe("key:css.properties.zoom.reset");
  });

  it("answers a CSS value as the feature it is part of, its own or its property's", () => {
    expect(subjectOf("object-fit: cover")).toBe("feature:object-fit");
    expect(subjectOf("transition-behavior: allow-discrete")).toBe("feature:transition-behavior");
  });

  it("answers one plain word only one element or header ends with, and a header asked with its value", () => {
    expect(subjectOf("frameset")).toBe("key:html.elements.frameset");
    expect(subjectOf("Pragma: no-cache")).toBe("key:http.headers.Pragma");
    // A value keyword of `display` is no header: the property's value stays the feature.
    expect(subjectOf("display: contents")).toBe("feature:display-contents");
  });

  it("reads the one name written as code among other words, its own key before a guess by its last segment", () => {
    expect(subjectOf("Error.captureStackTrace browser support")).toBe(
      "key:javascript.builtins.Error.captureStackTrace",
    );
    expect(subjectOf("KeyboardEvent.charCode alternative")).toBe("key:api.KeyboardEvent.charCode");
    // navigator.getUserMedia is the deprecated Navigator method, not MediaDevices' that ends the same.
    expect(subjectOf("navigator.getUserMedia deprecated")).toBe("key:api.Navigator.getUserMedia");
    expect(subjectOf("static Response.json()")).toBe("key:api.Response.json_static");
    // Short words with a capital are no code: `rIC callback` is not the ric unit.
    expect(subjectOf("rIC callback")).not.toBe("feature:ric");
  });

  it("reads a path through a property by the interface it is short for, never by its last segment alone", () => {
    // Not the deprecated Navigator.getUserMedia, nor Screen wake lock for `locks`.
    expect(subjectOf("navigator.mediaDevices.getUserMedia()")).toBe("key:api.MediaDevices.getUserMedia");
    expect(subjectOf("navigator.locks.request")).toBe("key:api.LockManager.request");
    expect(subjectOf("crypto.subtle.digest")).toBe("key:api.SubtleCrypto.digest");
    // FontFace and FontFaceSet both have load(): document.fonts is the FontFaceSet (MDN), as storage is
    // the StorageManager (accessors.ts).
    expect(subjectOf("document.fonts.load")).toBe("key:api.FontFaceSet.load");
    expect(subjectOf("navigator.storage.persist()")).toBe("key:api.StorageManager.persist");
  });

  it("reads a tag written whole among plain words as the one name there: `is the <font> tag still rendered`", () => {
    expect(subjectOf("is the <font> tag still rendered")).toBe("key:html.elements.font");
    // Two tags are two subjects: neither is picked.
    expect(subjectOf("<strike> element vs <s>")).toBeNull();
  });

  it("names a deeper key from its entry down", () => {
    expect(subjectOf("link rel=prerender")).toBe("key:html.elements.link.rel.prerender");
  });

  it("never answers a deep key by its last word alone", () => {
    // `…No-Vary-Search.speculation_rules_prerender`: a context of a header, not speculation rules.
    expect(subjectOf("speculation rules prerender")).not.toBe(
      "key:http.headers.No-Vary-Search.speculation_rules_prerender",
    );
  });
});
