// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KNOWN_PLATFORMS } from "../../../../src/core/catalog.ts";
import { stampExplorer } from "../../../../src/popup/explorer/markup-dom.ts";
import { bindControls } from "../../../../src/popup/explorer/controls-dom.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import type { KnownIds } from "../../../../src/shared/watch/service-ids.ts";

const HTML = readFileSync(join(import.meta.dirname, "../../../../src/popup/index.html"), "utf8");
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
    stampExplorer();
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

  it("shows no share and no direction where they apply to nothing, and brings them back where they do", () => {
    const busy: ExplorerState = {
      ...BASE,
      rollout: { kind: "atLeast", percent: 150 },
      order: [{ field: "starttime", direction: "desc" }],
    };
    controls.show(busy, {});
    expect($<HTMLInputElement>("rolloutPercent").value).toBe("150");
    controls.show({ ...busy, view: "versions" }, {});
    // Versions have neither a share nor a start time: the box is empty, the key none and its direction none.
    expect($<HTMLInputElement>("rolloutPercent").value).toBe("");
    expect($<HTMLSelectElement>("order-field-0").value).toBe("");
    expect($<HTMLSelectElement>("order-dir-0").value).toBe("");
    expect($<HTMLSelectElement>("order-dir-1").value).toBe("");
    controls.show(busy, {});
    expect($<HTMLInputElement>("rolloutPercent").value).toBe("150");
    expect($<HTMLSelectElement>("order-dir-0").value).toBe("desc");
  });

  it("leaves a share box the person cleared empty through other edits (only what it hid itself comes back)", () => {
    const atLeast: ExplorerState = { ...BASE, rollout: { kind: "atLeast", percent: NaN } };
    controls.show({ ...BASE, rollout: { kind: "atLeast", percent: 50 } }, {});
    $<HTMLInputElement>("rolloutPercent").value = "";
    controls.show(atLeast, { rollout: "write a share from 0 to 100" });
    expect($<HTMLInputElement>("rolloutPercent").value).toBe("");
  });

  it("keeps a sort key the versions view lacks through edits there, for the releases view", () => {
    const order = [{ field: "starttime", direction: "desc" }] as const;
    controls.show({ ...BASE, view: "versions", order }, {});
    $<HTMLInputElement>("view-releases").checked = true;
    $("view-releases").dispatchEvent(new Event("input", { bubbles: true }));
    expect(onChange.mock.lastCall?.[0]).toEqual({ ...BASE, view: "releases", order });
  });

  it("starts a share picked after another rollout with the share last shown, and a new key ascending", () => {
    controls.show({ ...BASE, rollout: { kind: "atLeast", percent: 30 } }, {});
    controls.show(BASE, {});
    expect($<HTMLInputElement>("rolloutPercent").value).toBe("");
    $<HTMLSelectElement>("rollout").value = "atLeast";
    $<HTMLSelectElement>("order-field-0").value = "version";
    $("rollout").dispatchEvent(new Event("input", { bubbles: true }));
    const read = onChange.mock.lastCall?.[0];
    expect(read?.rollout).toEqual({ kind: "atLeast", percent: 30 });
    expect(read?.order).toEqual([{ field: "version", direction: "asc" }]);
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

/** What the service has answered so far, per product and per product and platform; tests add answers. */
function fakeIds() {
  const platforms = new Map<string, string[]>();
  const channels = new Map<string, string[]>();
  const known: KnownIds = {
    platforms: (product) => platforms.get(product),
    channels: (product, platform) => channels.get(`${product}/${platform}`),
  };
  return { known, platforms, channels };
}

describe("the explorer's controls with the service's own platforms and channels", () => {
  let onChange: ReturnType<typeof vi.fn<(state: ExplorerState) => void>>;
  let controls: ReturnType<typeof bindControls>;
  let ids: ReturnType<typeof fakeIds>;

  const options = (id: string) => [...$<HTMLSelectElement>(id).options].map((o) => [o.value, o.text]);
  const pick = (id: string, value: string) => {
    $<HTMLSelectElement>(id).value = value;
    $(id).dispatchEvent(new Event("input", { bubbles: true }));
    return onChange.mock.lastCall?.[0];
  };

  beforeEach(() => {
    document.body.replaceWith(new DOMParser().parseFromString(BODY, "text/html").body);
    stampExplorer();
    onChange = vi.fn<(state: ExplorerState) => void>();
    ids = fakeIds();
    controls = bindControls(onChange, { ids: ids.known });
  });

  /** Chrome as the emulator's test data has it; Fuchsia WebEngine with one platform and channel. */
  function answerAll(): void {
    ids.platforms.set("chrome", ["win64", "linux"]);
    ids.channels.set("chrome/all", ["stable", "dev"]);
    ids.channels.set("chrome/linux", ["stable", "dev"]);
    ids.channels.set("chrome/win64", ["stable"]);
    ids.platforms.set("fuchsiawebengine", ["fuchsia"]);
    ids.channels.set("fuchsiawebengine/all", ["stable"]);
  }

  it("offers the service's platforms and channels with the catalog's labels", () => {
    answerAll();
    controls.show(BASE, {});
    expect(options("platform")).toEqual([
      ["all", "All platforms"],
      ["win64", "Windows"],
      ["linux", "Linux"],
    ]);
    expect(options("channel")).toEqual([
      ["all", "All channels"],
      ["stable", "Stable"],
      ["dev", "Dev"],
    ]);
    expect(options("product").map(([, label]) => label)).toEqual(["Chrome", "Fuchsia WebEngine"]);
  });

  it("offers the catalog's lists until the service has answered", () => {
    controls.show(BASE, {});
    expect(options("platform")).toHaveLength(KNOWN_PLATFORMS.length + 1);
    expect(options("channel").map(([value]) => value)).toContain("canary");
  });

  it("keeps a stored platform the service does not list, selected and marked, through other edits", () => {
    answerAll();
    const stored = { ...BASE, platform: "mac" };
    controls.show(stored, {});
    expect($<HTMLSelectElement>("platform").value).toBe("mac");
    expect(options("platform").at(-1)).toEqual(["mac", "macOS (Intel) (not on this service)"]);
    $<HTMLInputElement>("versionFrom").value = "120";
    $("versionFrom").dispatchEvent(new Event("input", { bubbles: true }));
    expect(onChange).toHaveBeenLastCalledWith({ ...stored, versionFrom: "120" });
  });

  it("puts all platforms for a product that lacks the platform in use, saying why", () => {
    answerAll();
    controls.show(BASE, {});
    const next = pick("product", "fuchsiawebengine");
    expect(next).toEqual({ ...BASE, product: "fuchsiawebengine", platform: "all" });
    controls.show(next!, {});
    expect(options("platform")).toEqual([
      ["all", "All platforms"],
      ["fuchsia", "Fuchsia"],
    ]);
    expect($("error-platform").textContent).toBe(
      "Linux is not on this service for Fuchsia WebEngine: showing all platforms.",
    );
    expect($("platform").getAttribute("aria-describedby")).toBe("error-platform");
    expect($("platform").hasAttribute("aria-invalid")).toBe(false);
    // The note goes once the state is no longer the one it was written for.
    controls.show(pick("product", "chrome")!, {});
    expect($("error-platform").textContent).toBe("");
    expect($("platform").hasAttribute("aria-describedby")).toBe(false);
  });

  it("puts all channels when the new product's platform lacks the channel in use", () => {
    answerAll();
    ids.platforms.set("fuchsiawebengine", ["linux"]);
    ids.channels.set("fuchsiawebengine/linux", ["stable"]);
    controls.show({ ...BASE, channel: "dev" }, {});
    const next = pick("product", "fuchsiawebengine");
    expect(next).toEqual({ ...BASE, product: "fuchsiawebengine", platform: "linux", channel: "all" });
    controls.show(next!, {});
    expect($("error-channel").textContent).toBe(
      "Dev is not on this service for Fuchsia WebEngine on Linux: showing all channels.",
    );
    expect($("error-platform").textContent).toBe("");
  });

  it("puts all channels when a picked platform lacks the channel in use", () => {
    answerAll();
    controls.show({ ...BASE, channel: "dev" }, {});
    expect(pick("platform", "win64")).toEqual({ ...BASE, platform: "win64", channel: "all" });
  });

  it("keeps what the new product lists", () => {
    answerAll();
    ids.platforms.set("fuchsiawebengine", ["win64", "linux"]);
    ids.channels.set("fuchsiawebengine/linux", ["stable"]);
    controls.show(BASE, {});
    expect(pick("product", "fuchsiawebengine")).toEqual({ ...BASE, product: "fuchsiawebengine" });
  });

  it("checks a product picked before its lists were known once they arrive", () => {
    ids.platforms.set("chrome", ["win64", "linux"]);
    controls.show(BASE, {});
    const picked = pick("product", "fuchsiawebengine");
    // Nothing known yet: the pick is taken as it is.
    expect(picked).toEqual({ ...BASE, product: "fuchsiawebengine" });
    controls.show(picked!, {});
    ids.platforms.set("fuchsiawebengine", []);
    controls.refresh();
    const fitted = onChange.mock.lastCall?.[0];
    expect(fitted).toEqual({ ...BASE, product: "fuchsiawebengine", platform: "all" });
    controls.show(fitted!, {});
    // The channel is checked once the new platform's channels are known.
    ids.channels.set("fuchsiawebengine/all", []);
    controls.refresh();
    expect(onChange).toHaveBeenLastCalledWith({ ...fitted, channel: "all" });
    controls.show(onChange.mock.lastCall![0], {});
    // Checked once: a later answer changes nothing.
    const calls = onChange.mock.calls.length;
    controls.refresh();
    expect(onChange).toHaveBeenCalledTimes(calls);
  });

  it("shows the lists that arrived, with the errors shown, when nothing is to be checked", () => {
    controls.show({ ...BASE, versionFrom: "12x" }, { versionFrom: '"12x" is not a version' });
    expect(options("platform")).toHaveLength(KNOWN_PLATFORMS.length + 1);
    answerAll();
    controls.refresh();
    expect(onChange).not.toHaveBeenCalled();
    expect(options("platform").map(([value]) => value)).toEqual(["all", "win64", "linux"]);
    expect($("error-versionFrom").textContent).toBe('"12x" is not a version');
  });

  it("never replaces a stored platform the service does not list when its lists arrive", () => {
    controls.show({ ...BASE, platform: "mac" }, {});
    answerAll();
    controls.refresh();
    expect(onChange).not.toHaveBeenCalled();
    expect($<HTMLSelectElement>("platform").value).toBe("mac");
  });
});
