// @vitest-environment happy-dom
// One results row as the list draws it: the links cell keeps its columns whether or not a row has each link.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderRow } from "../../../../src/popup/explorer/results-table-dom.ts";
import { resultRows, type PreviousOf } from "../../../../src/popup/explorer/results-rows.ts";

const ver = (version: string) => ({
  name: `chrome/platforms/linux/channels/stable/versions/${version}`,
  version,
});

const previous: PreviousOf = (_platform, _channel, version) =>
  ({ "120.0.6099.71": "119.0.6045.199", "119.0.6045.199": null })[version];

/** The links cell of each row: its children as `tag[data-col or data-gap]`, and the row's text. */
function linkCells(versions: string[], of: PreviousOf = previous) {
  const rows = resultRows({ view: "versions", items: versions.map(ver) }, of);
  return rows.map((row, i) => {
    const element = renderRow(row, i);
    const links = element.querySelector(".c-links");
    return {
      children: [...(links?.children ?? [])].map(
        (child) =>
          `${child.tagName.toLowerCase()}[${child.getAttribute("data-col") ?? `gap ${child.getAttribute("data-gap")}`}]`,
      ),
      text: links?.textContent,
      element,
    };
  });
}

describe("renderRow's links", () => {
  it("puts a stand-in where the changes link is missing, so notes is second on every row", () => {
    const [linked, lowest, unknown] = linkCells(["120.0.6099.71", "119.0.6045.199", "118.0.0.1"]);
    expect(linked?.children).toEqual(["a[changes]", "a[notes]"]);
    expect(lowest?.children).toEqual(["span[gap changes]", "a[notes]"]);
    // Not known yet (or its lookup failed): the same.
    expect(unknown?.children).toEqual(["span[gap changes]", "a[notes]"]);
    expect([linked?.text, lowest?.text]).toEqual(["changesnotes", "notes"]);
  });

  it("keeps the stand-in out of reach: hidden from screen readers, no text, no column for the arrow keys", () => {
    const [row] = linkCells(["119.0.6045.199"]);
    const gap = row?.element.querySelector(".link-gap");
    expect(gap?.getAttribute("aria-hidden")).toBe("true");
    expect(gap?.textContent).toBe("");
    expect(gap?.hasAttribute("data-col")).toBe(false);
    // Arrow keys move focus to `[data-col]` of the next row: here that is the notes link.
    expect(row?.element.querySelector("[data-col]")?.getAttribute("data-col")).toBe("notes");
  });

  it("stands in for both links of a version that is not numeric", () => {
    const [row] = linkCells(["unknown_version"]);
    expect(row?.children).toEqual(["span[gap changes]", "span[gap notes]"]);
  });

  it("has the stand-in drawn as wide as its word, invisibly, by the list's stylesheet", () => {
    const css = readFileSync(join(import.meta.dirname, "../../../../src/popup/explorer/results.css"), "utf8");
    expect(css).toMatch(
      /\.c-links \.link-gap::before \{\s*content: attr\(data-gap\);\s*visibility: hidden;\s*\}/,
    );
  });
});
