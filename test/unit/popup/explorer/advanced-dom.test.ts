// The advanced field on a page: its length limit, the excerpt an error quotes, and the note on ids the service
// does not have. The field's part of index.html, in a happy-dom window of its own (see explorer-dom.test.ts).
import { openPageWindow } from "../../page-window.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { parseFilter } from "../../../../src/core/query/index.ts";
import { bindAdvanced, type AdvancedField } from "../../../../src/popup/explorer/advanced-dom.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";
import type { KnownIds } from "../../../../src/popup/explorer/id-hints.ts";

/** The advanced field as index.html writes it. */
const MARKUP = `
  <div class="advanced">
    <label for="advanced">Filter</label>
    <input id="advanced" class="mono" type="text" aria-describedby="advanced-help advanced-error" />
    <p id="advanced-help" class="sr-only">The service's own filter syntax.</p>
    <div id="advanced-error" class="field-error" aria-live="polite"></div>
  </div>`;

const base = defaultState("chrome", "linux");
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const field = () => $<HTMLInputElement>("advanced");

let state: ExplorerState;
let changes: ExplorerState[];

function bind(known?: () => KnownIds): AdvancedField {
  return bindAdvanced(
    () => state,
    (next) => {
      state = next;
      changes.push(next);
    },
    known,
  );
}

/** Sets the field's value by script, as a paste or an extension would, and tells the page. */
function type(text: string): void {
  field().value = text;
  field().dispatchEvent(new Event("input", { bubbles: true }));
}

beforeEach(() => {
  const page = openPageWindow();
  page.window.document.body.innerHTML = MARKUP;
  state = base;
  changes = [];
  return page.close;
});

describe("the advanced field's length limit", () => {
  it("is no maxlength: a longer text pasted stays whole, where the browser would cut it silently", () => {
    bind();
    expect(field().hasAttribute("maxlength")).toBe(false);
  });

  it("refuses a longer text set by script, keeps the last good state, and says why", () => {
    bind();
    type("version>=120");
    expect(changes).toHaveLength(1);
    type(`name=${"x".repeat(807)}`);
    expect(changes).toHaveLength(1);
    expect(state).toEqual({ ...base, versionFrom: "120" });
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect($("advanced-error").firstElementChild?.textContent).toBe(
      "The filter is limited to 500 characters; this one has 812.",
    );
    type("version>=121");
    expect(state).toEqual({ ...base, versionFrom: "121" });
    expect(field().hasAttribute("aria-invalid")).toBe(false);
  });

  it("says so when a restored state's filter is longer than the field takes", () => {
    const advanced = bind();
    advanced.show({ ...base, extra: parseFilter(`name=${"x".repeat(600)}`, "releases") });
    expect($("advanced-error").textContent).toContain(
      "The filter is limited to 500 characters; this one has 605.",
    );
    advanced.show(base);
    expect($("advanced-error").textContent).toBe("");
  });
});

describe("the advanced field's error", () => {
  it("quotes an excerpt of a long text around the wrong clause, never the text whole", () => {
    bind();
    const text = `${"name=abcdefghij,".repeat(20)}fraction>=2,${"name=klmnopqrst,".repeat(8)}name=x`;
    type(text);
    const error = $("advanced-error");
    expect(error.querySelector("mark")?.textContent).toBe("fraction>=2");
    const mirror = error.querySelector(".mirror")?.textContent ?? "";
    expect(mirror).toBe("…hij,name=abcdefghij,fraction>=2,name=klmnopqrst,nam…");
    expect(error.textContent).not.toContain(text);
    expect(error.textContent).not.toContain("(in ");
  });

  it("names a field with a letter outside ASCII whole", () => {
    bind();
    type("versión>=120");
    expect($("advanced-error").firstElementChild?.textContent).toMatch(
      /^Clause 1, character 1: unknown field "versión" \("ó" is not an ASCII letter\)/,
    );
  });
});

describe("the note on ids the service does not have", () => {
  const known = () => ({ platforms: ["win", "win64", "mac"], channels: ["stable", "beta"] });
  const hint = () => $("advanced-hint");

  it("is shown beside the field, and the filter is applied all the same", () => {
    bind(known);
    type("platform=windows,channel=dev");
    expect(changes).toHaveLength(1);
    expect(field().hasAttribute("aria-invalid")).toBe(false);
    expect($("advanced-error").textContent).toBe("");
    expect(hint().hidden).toBe(false);
    expect(hint().textContent).toBe(
      'No platform is called "windows"; did you mean win64 or win?' +
        'No channel is called "dev"; the service has: stable, beta',
    );
    expect(hint().querySelectorAll("br")).toHaveLength(1);
    expect(field().getAttribute("aria-describedby")).toBe("advanced-help advanced-error advanced-hint");
  });

  it("goes when the value is fixed, and gives way to an error", () => {
    bind(known);
    type("platform=windows");
    expect(hint().hidden).toBe(false);
    type("platform=win64");
    expect(hint().hidden).toBe(true);
    type("platform=windows");
    type("platform=windows,");
    expect(hint().hidden).toBe(true);
    expect(hint().textContent).toBe("");
  });

  it("follows a state set elsewhere, and the ids known at that time", () => {
    let ids: KnownIds = {};
    const advanced = bind(() => ids);
    const typed = { ...base, extra: parseFilter("platform=windows", "releases") };
    advanced.show(typed);
    expect(hint().hidden).toBe(true);
    ids = known();
    advanced.show(typed);
    expect(hint().textContent).toBe('No platform is called "windows"; did you mean win64 or win?');
  });

  it("is not made twice when the page already has one", () => {
    document
      .getElementById("advanced-error")
      ?.after(Object.assign(document.createElement("p"), { id: "advanced-hint" }));
    bind(known);
    type("platform=windows");
    expect(document.querySelectorAll("#advanced-hint")).toHaveLength(1);
    expect(hint().tagName).toBe("P");
    expect(hint().textContent).toContain("did you mean");
  });

  it("is never shown without the known ids", () => {
    bind();
    type("platform=windows");
    expect(changes).toHaveLength(1);
    expect(hint().hidden).toBe(true);
  });
});
