// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bindControls } from "../../../src/popup/explorer-controls-dom.ts";
import type { ExplorerState } from "../../../src/popup/explorer-state.ts";
import { defaultState } from "../../../src/popup/explorer-filter.ts";

const HTML = readFileSync(join(import.meta.dirname, "../../../src/popup/index.html"), "utf8");
/** The page's body only: the head's stylesheet link would make the test DOM try to fetch it. */
const BODY = HTML.slice(HTML.indexOf("<body>"), HTML.indexOf("</body>") + "</body>".length);
const BASE: ExplorerState = { ...defaultState("chrome", "linux"), channel: "stable" };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

describe("the explorer's controls in index.html", () => {
  let onChange: ReturnType<typeof vi.fn<(state: ExplorerState) => void>>;
  let controls: ReturnType<typeof bindControls>;

  beforeEach(() => {
    // The page's own markup, parsed by the test DOM (the popup itself never parses markup).
    document.body.replaceWith(new DOMParser().parseFromString(BODY, "text/html").body);
    onChange = vi.fn<(state: ExplorerState) => void>();
    controls = bindControls(onChange);
  });

  it("shows a state's values", () => {
    controls.show({ ...BASE, versionFrom: "120", order: [{ field: "starttime", direction: "desc" }] }, {});
    expect($<HTMLSelectElement>("platform").value).toBe("linux");
    expect($<HTMLSelectElement>("channel").value).toBe("stable");
    expect($<HTMLInputElement>("versionFrom").value).toBe("120");
    expect($<HTMLInputElement>("view-releases").checked).toBe(true);
    expect($<HTMLSelectElement>("order-field-0").value).toBe("starttime");
    expect($<HTMLSelectElement>("order-dir-0").value).toBe("desc");
    expect($<HTMLSelectElement>("order-dir-1").disabled).toBe(true);
  });

  it("reads an edit back over the state shown", () => {
    controls.show(BASE, {});
    $<HTMLInputElement>("versionTo").value = " 132 ";
    $("versionTo").dispatchEvent(new Event("input", { bubbles: true }));
    expect(onChange).toHaveBeenLastCalledWith({ ...BASE, versionTo: "132" });
  });

  it("reads the rollout's share and the sort keys", () => {
    controls.show(BASE, {});
    $<HTMLSelectElement>("rollout").value = "atLeast";
    $<HTMLSelectElement>("order-field-1").value = "fraction";
    $("rollout").dispatchEvent(new Event("input", { bubbles: true }));
    const read = onChange.mock.lastCall?.[0];
    expect(read?.rollout).toEqual({ kind: "atLeast", percent: 50 });
    expect(read?.order).toEqual([{ field: "fraction", direction: "asc" }]);
  });

  it("disables what the versions view cannot use, saying why", () => {
    controls.show({ ...BASE, view: "versions", startFrom: "2024-01-01" }, {});
    for (const id of ["startFrom", "startTo", "liveOnly", "rollout", "rolloutPercent"]) {
      expect($<HTMLInputElement>(id).disabled).toBe(true);
      expect($(id).getAttribute("aria-describedby")).toBe("na-reason");
      expect($(id).title).toMatch(/apply to releases only/);
    }
    expect($("na-reason").hidden).toBe(false);
    expect($<HTMLInputElement>("versionFrom").disabled).toBe(false);
    // Starting values are kept for when the view switches back.
    expect($<HTMLInputElement>("startFrom").value).toBe("2024-01-01");
  });

  it("shows an error at its control", () => {
    controls.show({ ...BASE, versionFrom: "12x" }, { versionFrom: '"12x" is not a version' });
    expect($("versionFrom").getAttribute("aria-invalid")).toBe("true");
    expect($("versionFrom").getAttribute("aria-describedby")).toBe("error-versionFrom");
    expect($("error-versionFrom").textContent).toBe('"12x" is not a version');
    controls.show(BASE, {});
    expect($("versionFrom").hasAttribute("aria-invalid")).toBe(false);
    expect($("error-versionFrom").textContent).toBe("");
  });

  it("offers only the view's fields as sort keys", () => {
    controls.show({ ...BASE, view: "versions" }, {});
    const fields = [...$<HTMLSelectElement>("order-field-0").options].map((o) => o.value);
    expect(fields).toEqual(["", "version", "name", "platform", "channel"]);
  });
});
