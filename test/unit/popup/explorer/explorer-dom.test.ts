// The explorer in index.html's markup against the emulator's handler: the status line, the request line, the
// failures it reports (and their retry), and the advanced field, wired to the loader.
//
// In Node, with a happy-dom window of its own rather than Vitest's happy-dom environment: that environment
// serves modules as to a browser, rewriting `new URL("./file", import.meta.url)` to an http URL, and the
// emulator finds its data files by such file URLs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openPageWindow } from "../../page-window.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Failure } from "../../../../src/shared/status/failure.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import { startExplorer, type ExplorerOptions } from "../../../../src/popup/explorer/explorer-dom.ts";
import { BASE_URL, serviceFetch, type ServiceFetch } from "../../../fakes/service-fetch.ts";

const HTML = readFileSync(join(import.meta.dirname, "../../../../src/popup/index.html"), "utf8");
/** The page's body only: the head's stylesheet link would make the test DOM try to fetch it. */
const BODY = HTML.slice(HTML.indexOf("<body>"), HTML.indexOf("</body>") + "</body>".length);
/** Every release of the fixture: five, one page. The chart has nothing to draw for `all`, so asks nothing. */
const ALL = defaultState("chrome", "all");

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const text = (id: string) => $(id).textContent;
const rowCount = () => Number($("results").getAttribute("aria-rowcount")) - 1;

let service: ServiceFetch;
/** What the explorer reported last, per source, and how to retry it: what the popup's banners show. */
let reported: Map<string, { failure: Failure | null; retry: () => void }>;

function start(options: Partial<ExplorerOptions> = {}): void {
  startExplorer({
    baseUrl: BASE_URL,
    initial: ALL,
    context: null,
    save: () => Promise.resolve(),
    copy: () => Promise.resolve(),
    now: () => Date.parse("2023-12-10T00:00:00Z"),
    fetch: service.fetch,
    report: (source, failure, retry) => reported.set(source, { failure, retry }),
    ...options,
  });
}

/** The release list's requests, without the platform and channel lists the controls ask for. */
function listRequests(): ServiceFetch["requests"] {
  return service.requests.filter((r) => r.url.includes("/releases"));
}

function edit(id: string, value: string | boolean): void {
  const input = $<HTMLInputElement>(id);
  if (typeof value === "boolean") input.checked = value;
  else input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

beforeEach(() => {
  const page = openPageWindow({ body: BODY });
  service = serviceFetch();
  reported = new Map();
  return page.close;
});

describe("the explorer", () => {
  it("says it is loading, then what it loaded, with the request it sent", async () => {
    start();
    expect(text("results-status")).toBe("Loading…");
    await vi.waitFor(() => expect(text("results-status")).toBe("5 releases."));
    expect(rowCount()).toBe(5);
    expect($("load-more").hidden).toBe(true);
    expect(reported.get("results")?.failure).toBeNull();
    expect(text("request-url")).toBe(new URL(listRequests()[0]?.url ?? "", BASE_URL).href);
  });

  it("says the release page it was opened for while that query's rows show", async () => {
    start({ context: { kind: "milestone", milestone: 120 } });
    await vi.waitFor(() => expect(text("results-status")).toBe("5 releases. Opened for milestone 120."));
    edit("liveOnly", true);
    await vi.waitFor(() => expect(text("results-status")).toBe("4 releases."));
  });

  it("reports a failure as plain data, keeps the rows, points to the message; its retry loads", async () => {
    start();
    await vi.waitFor(() => expect(rowCount()).toBe(5));
    service.answer = {
      status: 503,
      body: JSON.stringify({ error: { code: 503, message: "backend down", status: "UNAVAILABLE" } }),
      headers: { "Content-Type": "application/json" },
    };
    edit("liveOnly", true);
    await vi.waitFor(() => expect(reported.get("results")?.failure).not.toBeNull());
    expect(reported.get("results")?.failure).toMatchObject({
      kind: "http",
      status: 503,
      reason: "backend down",
    });
    expect(rowCount()).toBe(5);
    expect(text("results-status")).toBe(
      "The release list could not load: see the message at the top. The rows below are from the last good answer.",
    );

    service.answer = null;
    reported.get("results")?.retry();
    await vi.waitFor(() => expect(rowCount()).toBe(4));
    expect(reported.get("results")?.failure).toBeNull();
    expect(text("results-status")).toBe("4 releases.");
  });

  it("disables Load more while a new query is on its way, and enables it for the new rows", async () => {
    service.setData({
      releases: Array.from({ length: 250 }, (_, i) => ({
        name: `chrome/platforms/linux/channels/stable/versions/1.0.0.${i}/releases/${1_700_000_000 + i}`,
        serving: { startTime: new Date((1_700_000_000 + i) * 1000).toISOString() },
        fraction: 1,
        version: `1.0.0.${i}`,
      })),
    });
    start();
    await vi.waitFor(() => expect(rowCount()).toBe(200));
    expect($<HTMLButtonElement>("load-more").disabled).toBe(false);
    edit("liveOnly", true);
    expect($<HTMLButtonElement>("load-more").disabled).toBe(true);
    await vi.waitFor(() => expect(text("results-status")).not.toMatch(/Updating/));
    edit("liveOnly", false);
    await vi.waitFor(() => expect(rowCount()).toBe(200));
    await vi.waitFor(() => expect($<HTMLButtonElement>("load-more").disabled).toBe(false));
  });

  it("keeps the rows and asks nothing while a field is wrong", async () => {
    start();
    await vi.waitFor(() => expect(rowCount()).toBe(5));
    edit("versionFrom", "12.");
    expect(text("results-status")).toMatch(/^Fix the marked fields/);
    expect(text("error-versionFrom")).toMatch(/is not a version/);
    expect(listRequests()).toHaveLength(1);
    expect(rowCount()).toBe(5);
  });

  it("shows the request of the rows on screen while a field is wrong, not one no rows answer", async () => {
    start();
    edit("versionFrom", "120");
    await vi.waitFor(() => expect(text("results-status")).toBe("3 releases."));
    const shown = text("request-url");
    expect(shown).toContain("filter=version%3E%3D120");
    edit("versionFrom", "120.");
    expect(text("results-status")).toMatch(/^Fix the marked fields/);
    expect(text("request-url")).toBe(shown);
    edit("versionFrom", "121");
    expect(text("request-url")).toContain("filter=version%3E%3D121");
    await vi.waitFor(() => expect(text("results-status")).toBe("1 release."));
  });

  it("marks the wrong clause of the advanced field, and a valid one sets the controls", async () => {
    start();
    edit("advanced", "version>=120, fraction>=2");
    expect($("advanced").getAttribute("aria-invalid")).toBe("true");
    expect($("advanced-error").querySelector("mark")?.textContent).toBe("fraction>=2");
    edit("advanced", "version>=120");
    expect($("advanced").hasAttribute("aria-invalid")).toBe(false);
    expect($<HTMLInputElement>("versionFrom").value).toBe("120");
    expect(text("request-url")).toContain("?filter=version%3E%3D120");
    await vi.waitFor(() => expect(text("results-status")).toBe("3 releases."));
  });
});

describe("what the explorer asks the service", () => {
  /** Chrome on Linux, stable: a list, a chart and the controls' lists to ask for. */
  const LINUX = { ...defaultState("chrome", "linux"), channel: "stable" };

  it("asks for the list first, and nothing about a product it does not show", async () => {
    start({ initial: LINUX });
    await vi.waitFor(() => expect(text("results-status")).toMatch(/^\d+ releases?\./));
    expect(service.requests[0]?.url).toMatch(
      /^\/v1\/chrome\/platforms\/linux\/channels\/stable\/versions\/all\/releases\?/,
    );
    expect(service.requests.filter((r) => !r.url.startsWith("/v1/chrome/"))).toEqual([]);
  });

  it("holds a new product's list and chart until its platforms and channels are known: none is a 404", async () => {
    start({ initial: LINUX });
    await vi.waitFor(() => expect(text("results-status")).toMatch(/^\d+ releases?\./));
    const product = $<HTMLSelectElement>("product");
    product.value = "fuchsiawebengine";
    product.dispatchEvent(new Event("input", { bubbles: true }));
    expect(text("results-status")).toBe(
      "Asking the service which platforms and channels Fuchsia WebEngine has…",
    );
    await vi.waitFor(() => expect(text("results-status")).toBe("No releases match."));
    expect($<HTMLSelectElement>("platform").value).toBe("all");
    expect(service.requests.filter((r) => r.status >= 400)).toEqual([]);
    expect(listRequests().at(-1)?.url).toMatch(
      /^\/v1\/fuchsiawebengine\/platforms\/all\/channels\/all\/versions\/all\/releases\?/,
    );
  });
});
