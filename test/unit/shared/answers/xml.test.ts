// Omnibox suggestions are XML to Chrome: text must not become markup or break the parse.
import { describe, expect, it } from "vitest";
import { xmlEscape } from "../../../../src/shared/answers/xml.ts";

describe("xmlEscape", () => {
  it("writes the five special characters as entities", () => {
    expect(xmlEscape(`<dialog> & "quotes" 'too'`)).toBe(
      "&lt;dialog&gt; &amp; &quot;quotes&quot; &apos;too&apos;",
    );
  });

  it("escapes an ampersand that already looks like an entity, so it shows as typed", () => {
    expect(xmlEscape("&amp;")).toBe("&amp;amp;");
  });

  it("drops characters XML forbids, keeps tabs, newlines and whole surrogate pairs", () => {
    expect(xmlEscape("a\u0000b\u001Fc\uFFFEd\tx\ny😀\uD800z")).toBe("abcd\tx\ny😀z");
  });

  it("leaves plain text and right-to-left isolates as they are", () => {
    expect(xmlEscape("Chrome 153 · \u2068שלום\u2069")).toBe("Chrome 153 · \u2068שלום\u2069");
  });
});
