// The popup's search field and answer page (ask/ask-dom.ts) in index.html's markup, with the real features
// asset and the emulator's handler as the service: answers in place as the person types, `?q=` opens an
// answer, the URL follows the field in a tab, hostile text stays text, a failed service still answers
// features, a version's past releases are asked for, and Firefox is compared with its current release.
//
// In Node, with a happy-dom window of its own (as explorer-dom.test.ts says why), at an extension page's
// address, so the asset is asked for where the page's origin has it.
import { filesFetch, GERMANY, handUsageAsset } from "../../../fakes/usage.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openPageWindow } from "../../page-window.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadSchedule } from "../../../../emulator/schedule.ts";
import { FEATURES_FILE } from "../../../../src/core/features/asset.ts";
import { openAsk, type AskApi, type ShownAnswer } from "../../../../src/popup/ask/ask-dom.ts";
import { drawFirstAnswer } from "../../../../src/popup/ask/first-answer.ts";
import type { Answer } from "../../../../src/shared/answers/index.ts";
import type { WorkerAnswer } from "../../../../src/shared/page/messages.ts";
import type { AskStored } from "../../../../src/popup/ask/stored-context.ts";
import type { ThisBrowser } from "../../../../src/shared/status/this-browser.ts";
import type { PollState } from "../../../../src/shared/store/poll-state.ts";
import type { ScheduleEntry } from "../../../../src/shared/store/schedules.ts";
import { DEFAULT_SETTINGS, scheduleUrlOf } from "../../../../src/shared/store/settings.ts";
import { BASE_URL, serviceFetch, type ServiceFetch } from "../../../fakes/service-fetch.ts";
import { realAsset, release } from "../../shared/answers/fixtures.ts";

const PAGE = "chrome-extension://rr/src/popup/index.html";

const HTML = readFileSync(join(import.meta.dirname, "../../../../src/popup/index.html"), "utf8");
const BODY = HTML.slice(HTML.indexOf("<body>"), HTML.indexOf("</body>") + "</body>".length);
const NOW = Date.parse("2026-11-26T12:00:00Z");
const SERVICE = { baseUrl: BASE_URL, product: "chrome" };

const held: { stored: AskStored } = {
  stored: {
    settings: { ...DEFAULT_SETTINGS, ...SERVICE },
    watch: { product: "chrome", platform: "linux", channel: "stable" },
    snapshot: null,
    poll: null,
  },
};
let service: ServiceFetch;
/** What the page fetched of its own files (the asset), besides the service. */
let ownFiles: string[];
let usageFiles: string[];
const usageFetch = filesFetch({ "usage.json": handUsageAsset(), "usage/DE.json": GERMANY });
let assetAnswer: () => Response;

function fetchFake(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input instanceof Request ? input.url : input);
  // The share of users' data is the page's own file too, read with the answer: counted apart.
  if (url.startsWith("chrome-extension://") && new URL(url).pathname.startsWith("/usage")) {
    usageFiles.push(url);
    return usageFetch(input);
  }
  if (url.startsWith("chrome-extension://")) {
    ownFiles.push(url);
    return Promise.resolve(assetAnswer());
  }
  return service.fetch(input, init);
}

/** The emulator's bundled schedule (real Chromium Dash days), as the worker would store them when asked. */
const SCHEDULE = new Map(
  loadSchedule().map((m) => [
    m.mstone,
    { mstone: m.mstone, stableDate: m.stable_date.slice(0, 10), earlyStable: m.early_stable?.slice(0, 10) },
  ]),
);
/** What the worker stored of the schedule: the page reads it for every answer. */
let schedules: ScheduleEntry[];
/** Milestones the page asked the worker for; `scheduleDown` makes the worker's request fail. */
let askedSchedules: number[];
let scheduleDown: boolean;
/** The worker's schedule request answers once this resolves. */
let scheduleHeld: Promise<void>;

function api(thisBrowser?: ThisBrowser): AskApi {
  return {
    loadSchedules: () => Promise.resolve(schedules),
    loadVisitors: () => Promise.resolve(null),
    loadUsageUpdate: () => Promise.resolve(null),
    askSchedule: async (milestone) => {
      askedSchedules.push(milestone);
      await scheduleHeld;
      const schedule = SCHEDULE.get(milestone);
      if (scheduleDown || schedule === undefined) throw new Error("schedule unavailable");
      const scheduleUrl = scheduleUrlOf(held.stored.settings);
      schedules = [...schedules, { scheduleUrl, fetchedAt: NOW, schedule }];
    },
    loadBrowserFacts: () => Promise.resolve({ thisBrowser }),
  };
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const title = () => $("answer").querySelector("h2")?.textContent;
const lines = () => [...$("answer").querySelectorAll(".answer-lines li")].map((li) => li.textContent);

function type(text: string): void {
  const field = $<HTMLInputElement>("ask");
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Opens the page at `search`, as the address bar has it, and binds the field; `early` is the worker's
 * answer to the page's question, as main.ts hands it over.
 */
function open(search = "", browser?: ThisBrowser, early?: Promise<WorkerAnswer | null>): void {
  history.replaceState(null, "", PAGE + search);
  void openAsk(api(browser), () => held.stored, search, { fetch: fetchFake, early });
}

beforeEach(() => {
  const page = openPageWindow({ url: PAGE, body: BODY });
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  service = serviceFetch();
  ownFiles = [];
  usageFiles = [];
  assetAnswer = () => new Response(JSON.stringify(realAsset()));
  held.stored = { ...held.stored, snapshot: null, poll: null };
  schedules = [];
  askedSchedules = [];
  scheduleDown = false;
  scheduleHeld = Promise.resolve();
  return () => {
    vi.useRealTimers();
    page.close();
  };
});

describe("the search field", () => {
  it("reads the asset only once a question is asked, from the extension's root", async () => {
    open();
    expect(ownFiles).toEqual([]);
    type(":has()");
    await vi.waitFor(() => expect(title()).toBe(":has()"));
    type("153");
    await vi.waitFor(() => expect(title()).toBe("Chrome 153"));
    expect(ownFiles).toEqual([`chrome-extension://rr/${FEATURES_FILE}`]);
  });

  it("answers in place as the person types: each answer replaces the one before", async () => {
    open();
    type("view-transitions");
    await vi.waitFor(() => expect(title()).toBe("View transitions"));
    type("xyzzy");
    await vi.waitFor(() => expect(title()).toBe("No milestone, version or web feature matches 'xyzzy'"));
    expect($("answer").querySelectorAll("h2")).toHaveLength(1);
    expect($("ask-status").textContent).toBe("No milestone, version or web feature matches 'xyzzy'");
    type("");
    await vi.waitFor(() => expect($("answer").hidden).toBe(true));
    expect($("answer").textContent).toBe("");
  });

  it("tells the page the answer shown, busy until complete; nothing, and not busy, once the field is cleared", async () => {
    const told: ShownAnswer[] = [];
    history.replaceState(null, "", PAGE);
    void openAsk(api(), () => held.stored, "", { fetch: fetchFake, told: (shown) => told.push(shown) });
    type("153");
    type("");
    expect([told.at(-1), $("answer").getAttribute("aria-busy")]).toEqual([null, "false"]);
    type("153");
    await vi.waitFor(() => expect(told.at(-1)).toEqual({ subject: "milestone:153", busy: false }));
    expect(told).toContainEqual({ subject: "milestone:153", busy: true });
    type("");
    const cleared = told.length;
    type("view-transitions");
    await vi.waitFor(() => expect(told.at(-1)).toEqual({ subject: "feature:view-transitions", busy: false }));
    // The next question starts with no subject under it: the cleared answer's is not told again.
    expect(told.slice(cleared - 1, cleared + 1)).toEqual([null, null]);
  });

  it("says which data answered, and links only to https addresses", async () => {
    open();
    type(":has()");
    await vi.waitFor(() => expect(title()).toBe(":has()"));
    expect($("answer").querySelector(".answer-data")?.textContent).toBe(
      "web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12",
    );
    // Said once, at the end, not also among the lines.
    expect(lines()).not.toContain("web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12");
    const links = [...$("answer").querySelectorAll("a[target=_blank]")].map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "https://webstatus.dev/features/has",
      "https://caniuse.com/css-has",
      "https://drafts.csswg.org/selectors-4/#relational",
      "https://developer.mozilla.org/docs/Web/CSS/Reference/Selectors/:has",
      "https://developer.chrome.com/release-notes/105",
    ]);
  });

  it("offers each candidate as a link that answers it here: `lang` is :lang() or the lang attribute", async () => {
    open("?mode=tab");
    type("lang");
    await vi.waitFor(() => expect(title()).toBe("Nothing matches 'lang' for sure"));
    const choice = [...$("answer").querySelectorAll<HTMLAnchorElement>("a.answer-ask")].find(
      (a) => a.textContent === ":lang()",
    );
    expect(choice?.getAttribute("href")).toBe("?mode=tab&q=feature%3Alang");
    choice?.dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    await vi.waitFor(() => expect(title()).toBe(":lang()"));
    expect($<HTMLInputElement>("ask").value).toBe("feature:lang");
    expect(location.search).toBe("?mode=tab&q=feature%3Alang");
  });

  it("shows the field once it is bound (the first paint holds its space), and answers what it holds", async () => {
    expect($("ask-form").hidden).toBe(true);
    $<HTMLInputElement>("ask").value = "M153";
    open();
    expect($("ask-form").hidden).toBe(false);
    await vi.waitFor(() => expect(title()).toBe("Chrome 153"));
  });

  it("says so when the feature data cannot be read, and reads it again at the next question", async () => {
    assetAnswer = () => new Response("{}", { status: 404 });
    open();
    type("has");
    await vi.waitFor(() =>
      expect($("answer").textContent).toBe(
        "Release Radar could not read its features data (chrome-extension://rr/features.json): HTTP 404",
      ),
    );
    assetAnswer = () => new Response(JSON.stringify(realAsset()));
    type(":has()");
    await vi.waitFor(() => expect(title()).toBe(":has()"));
  });
});

describe("the answer page (?q=)", () => {
  it("opens with the question in the field and its answer shown, the tab titled by its subject", async () => {
    open("?mode=tab&q=153");
    expect($<HTMLInputElement>("ask").value).toBe("153");
    await vi.waitFor(() => expect(title()).toBe("Chrome 153"));
    expect(document.title).toBe("Chrome 153 · Release Radar");
  });

  it("asks the worker once for the schedule of a milestone not stored, and draws its days from it", async () => {
    open("?q=153");
    await vi.waitFor(() => expect(lines()).toContain("Stable since 2026-09-08"));
    expect(askedSchedules).toEqual([153]);
    // Typing does not ask: only Enter, a link or the page's own question does.
    type("154");
    await vi.waitFor(() => expect(title()).toBe("Chrome 154"));
    expect(askedSchedules).toEqual([153]);
  });

  it("is busy until the schedule asked for is drawn: drawn again, it grows", async () => {
    let answerSchedule = () => {};
    scheduleHeld = new Promise((resolve) => (answerSchedule = resolve));
    open("?q=153");
    await vi.waitFor(() => expect(askedSchedules).toEqual([153]));
    expect(title()).toBe("Chrome 153");
    expect($("answer").getAttribute("aria-busy")).toBe("true");
    answerSchedule();
    await vi.waitFor(() => expect($("answer").getAttribute("aria-busy")).toBe("false"));
    expect(lines()).toContain("Stable since 2026-09-08");
    // Typing asks nothing more: the answer is complete as drawn.
    type("154");
    await vi.waitFor(() => expect(title()).toBe("Chrome 154"));
    await vi.waitFor(() => expect($("answer").getAttribute("aria-busy")).toBe("false"));
  });

  it("when the schedule cannot be had, the answer stands without a day, saying none is known", async () => {
    scheduleDown = true;
    open("?q=:has()");
    await vi.waitFor(() => expect(askedSchedules).toEqual([105]));
    expect(lines()[0]).toBe("75.0% of users worldwide have it, caniuse usage of 2026-09-28");
    expect(lines()[1]).toBe(
      "Lacking it worldwide: Chrome before 105: 10.0% · Safari on iOS before 15.4: 5.0%",
    );
    expect(lines()).toContain("Chrome 105 shipped it");
  });

  it("in a tab, keeps the question typed in the URL, beside the page's own query", async () => {
    open("?mode=tab&q=153");
    type("container queries");
    await vi.waitFor(() => expect(title()).toBe("Container queries (size)"));
    expect(location.search).toBe("?mode=tab&q=container+queries");
    type("");
    await vi.waitFor(() => expect(location.search).toBe("?mode=tab"));
  });

  it("in the popup, leaves the URL alone", async () => {
    open("?q=153");
    type("has");
    await vi.waitFor(() => expect(title()).toBe(":has()"));
    expect(location.href).toBe(`${PAGE}?q=153`);
  });

  it("shows hostile text as text: 10,000 characters with markup and RTL marks, cut with a notice", async () => {
    const hostile = `<img src=x onerror="alert(1)">\u202E\u200Fשלום<b>bold</b>`.padEnd(10_000, "x");
    open(`?q=${encodeURIComponent(hostile)}`);
    await vi.waitFor(() => expect(title()).toMatch(/^No milestone, version or web feature matches/));
    const answer = $("answer");
    expect(answer.querySelector("img, b, script")).toBeNull();
    expect(answer.querySelector(".answer-notice")?.textContent).toBe(
      "The question was 10,000 characters long; only its first 200 were read.",
    );
    expect(title()).toContain('<img src=x onerror="alert(1)">');
    // The right-to-left override is dropped and the Hebrew isolated (FSI ... PDI), so it reorders nothing.
    expect(title()).not.toContain("\u202E");
    expect(title()).toContain("\u2068");
    expect($<HTMLInputElement>("ask").value).toBe(hostile);
  });
});

describe("the worker's answer to the page's own question", () => {
  /** An answer as the worker sends it, unlike any the page computes, so a test sees whose is drawn. */
  const fromWorker = (answer: Partial<Answer> = {}): WorkerAnswer => ({
    answer: {
      kind: "feature",
      subject: "feature:has",
      title: ":has() (the worker's)",
      lines: ["Chrome 105 shipped it"],
      links: [],
      choices: [{ label: "Other matches", questions: [{ text: "Nesting", question: "nesting" }] }],
      summary: ":has() · Chrome 105",
      ...answer,
    },
    identity: "web-features 3.40.0 (the worker's)",
  });

  it("is drawn as it is, without the page reading the features data, the tab titled by it", async () => {
    open("?mode=tab&q=:has()", undefined, Promise.resolve(fromWorker()));
    await vi.waitFor(() => expect(title()).toBe(":has() (the worker's)"));
    expect($("answer").querySelector(".answer-data")?.textContent).toBe("web-features 3.40.0 (the worker's)");
    expect(document.title).toBe(":has() (the worker's) · Release Radar");
    expect(ownFiles).toEqual([]);
    // Its links ask here, from the data, once the page has it.
    $<HTMLAnchorElement>("answer").querySelector<HTMLAnchorElement>("a.answer-ask")?.click();
    await vi.waitFor(() => expect(title()).toBe("Nesting"));
    expect(ownFiles).toHaveLength(1);
    // Asked from here, it asks for its milestone's schedule too (and is done before the next test).
    await vi.waitFor(() => expect(askedSchedules).toHaveLength(1));
  });

  it.each([
    ["leaves the question to the page", () => Promise.resolve(null)],
    ["cannot be reached", () => Promise.reject(new Error("Could not establish connection"))],
  ])("when the worker %s, the page answers from the data", async (_, early) => {
    open("?q=:has()", undefined, early());
    await vi.waitFor(() => expect(title()).toBe(":has()"));
    expect(ownFiles).toHaveLength(1);
    // And what follows the answer, as when it answers alone: its milestone's schedule is asked for.
    await vi.waitFor(() => expect(askedSchedules).toEqual([105]));
  });

  it("a milestone's schedule is still asked for, and its days drawn from the page's data", async () => {
    open(
      "?q=153",
      undefined,
      Promise.resolve(fromWorker({ kind: "milestone", title: "Chrome 153 (the worker's)", scheduleOf: 153 })),
    );
    await vi.waitFor(() => expect(lines()).toContain("Stable since 2026-09-08"));
    expect(askedSchedules).toEqual([153]);
    expect(title()).toBe("Chrome 153");
  });

  it("a version is still asked of the service, after the worker's answer", async () => {
    const answer = { kind: "version", title: "Version 120.0.6099.71", lines: ["(the worker's)"] } as const;
    open("?q=120.0.6099.71", undefined, Promise.resolve(fromWorker(answer)));
    await vi.waitFor(() => expect(lines()).toContain("Served by the service:"));
    expect(service.requests).toHaveLength(1);
  });

  describe("drawn before the asking module comes (first-answer.ts)", () => {
    const answerOut = () => $("answer");

    it("once the page is laid out, never over an answer already drawn", async () => {
      const drawn = drawFirstAnswer(Promise.resolve({ ok: true, ...fromWorker() }));
      await Promise.resolve();
      expect(answerOut().childElementCount).toBe(0);
      document.documentElement.dataset.mode = "tab";
      await expect(drawn).resolves.toEqual(fromWorker());
      expect(title()).toBe(":has() (the worker's)");
      // Busy until the asking module has completed it (its schedule's days may make it taller).
      expect(answerOut().getAttribute("aria-busy")).toBe("true");
      answerOut().replaceChildren(document.createElement("p"));
      await drawFirstAnswer(Promise.resolve({ ok: true, ...fromWorker() }));
      expect(title()).toBeUndefined();
    });

    it.each([
      ["a reply that is not one", () => Promise.resolve({ ok: true, answer: "<b>x</b>" })],
      ["no reply", () => Promise.resolve(undefined)],
      ["the worker leaving it to the page", () => Promise.resolve({ ok: true, answer: null, identity: "" })],
      ["a worker out of reach", () => Promise.reject(new Error("Receiving end does not exist"))],
    ])("draws nothing for %s", async (_, reply) => {
      document.documentElement.dataset.mode = "tab";
      await expect(drawFirstAnswer(reply())).resolves.toBeNull();
      expect(answerOut().childElementCount).toBe(0);
    });
  });
});

describe("answers when the service fails or has no data", () => {
  it("a feature is still answered from the asset, saying the live share is unknown and why", async () => {
    const poll: PollState = {
      service: SERVICE,
      failures: 2,
      lastError: { kind: "http", status: 503, details: "GET … 503" },
      nextTry: NOW + 60_000,
    };
    held.stored = { ...held.stored, poll };
    open("?q=:has()");
    await vi.waitFor(() => expect(title()).toBe(":has()"));
    expect(lines()).toContain("Stable on Linux: live share unknown. The service is unavailable (503).");
    // The day is the schedule's, which the worker fetched for M105.
    await vi.waitFor(() => expect(lines()).toContain("Chrome 105 shipped it: Stable since 2022-09-02"));
  });

  it("a live share from what is stored, for the watched platform", async () => {
    held.stored = {
      ...held.stored,
      snapshot: {
        ...SERVICE,
        fetchedAt: NOW - 60_000,
        releases: [release("linux", "stable", "152.0.7977.54", 1)],
      },
    };
    open("?q=:has()");
    await vi.waitFor(() => expect(title()).toBe(":has()"));
    expect(lines().some((line) => line?.startsWith("Stable on Linux: 100%"))).toBe(true);
  });
});

describe("a version: what the service served", () => {
  it("shows the stored answer, then every release of it the service sent", async () => {
    open("?q=120.0.6099.71");
    await vi.waitFor(() => expect(lines()).toContain("Served by the service:"));
    expect(lines()).toContain("Stable on Linux: 120.0.6099.71 from 2023-12-06 21:01 UTC still live at 25%");
    const asked = service.requests.map((r) => decodeURIComponent(r.url));
    expect(asked).toEqual([
      expect.stringContaining(
        "/platforms/all/channels/all/versions/all/releases?filter=version=120.0.6099.71",
      ),
    ]);
  });

  it("says plainly when the service does not know it", async () => {
    open("?q=151.0.7922.173");
    await vi.waitFor(() => expect(lines()).toContain("The service knows no release of 151.0.7922.173."));
  });

  it("says plainly when the service cannot be asked", async () => {
    service.down = true;
    open("?q=120.0.6099.71");
    await vi.waitFor(() =>
      expect(lines()).toContain(
        "Could not ask the service which releases it served: Cannot reach the service at 127.0.0.1:8787.",
      ),
    );
    expect(title()).toBe("Version 120.0.6099.71");
  });

  it("a newer question drops the one before: its request aborted, its answer never drawn over the newer", async () => {
    const { fetch: answer } = service;
    let signal: AbortSignal | undefined;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let oldDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (oldDone = resolve));
    // Answered only once released, and answered even if aborted meanwhile (the reply was on its way).
    service.fetch = async (input, init) => {
      signal = init?.signal ?? undefined;
      await held;
      return answer(input, init).finally(oldDone);
    };
    open();
    type("120.0.6099.71");
    await vi.waitFor(() => expect(lines()).toContain("Asking the service which releases of it it served…"));
    type("153");
    await vi.waitFor(() => expect(title()).toBe("Chrome 153"));
    expect(signal?.aborted).toBe(true);
    release();
    await done;
    // The old question's answer, had it gone on, is worked out in the tasks before this one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(title()).toBe("Chrome 153");
    expect(lines()).not.toContain("Served by the service:");
  });

  it("while typing asks only for a whole version, and a prefix on Enter", async () => {
    open();
    type("120.0.6099");
    await vi.waitFor(() => expect(title()).toBe("Versions 120.0.6099.*"));
    expect(service.requests).toEqual([]);
    $<HTMLFormElement>("ask-form").requestSubmit();
    await vi.waitFor(() => expect(lines()).toContain("Served by the service:"));
    expect(service.requests).toHaveLength(1);
  });
});

describe("this browser in Firefox", () => {
  const firefox: ThisBrowser = { name: "Firefox", version: "152.0", chromium: false };

  it("asking `firefox` names the current Firefox release and how far behind this one is", async () => {
    open("?q=firefox", firefox);
    await vi.waitFor(() => expect(title()).toBe("Firefox 152"));
    expect(lines()).toEqual([
      "Firefox 152 · current release 161 since 2026-11-24 · 9 releases behind",
      "Release days from browser-compat-data 8.1.9, data of 2026-11-12",
    ]);
  });

  it("in Firefox ESR, names the ESR", async () => {
    open("?q=firefox", { name: "Firefox", version: "153.7.0esr", chromium: false });
    await vi.waitFor(() => expect(title()).toBe("Firefox 153 ESR"));
  });

  it("in a Chromium browser, `firefox` answers Firefox's current release", async () => {
    open("?q=firefox", { name: "Chrome", version: "152.0.7977.54", chromium: true });
    await vi.waitFor(() => expect(title()).toBe("Firefox 161"));
    expect(lines()[0]).toBe("Firefox 161 is the current release, since 2026-11-24");
  });
});
