/**
 * The built extension in real Chromium: it loads, its service worker runs and talks to the real
 * `chrome.action`, its pages render, and the manifest asks for no more than it needs.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, resolveConfig } from "vite";
import { describe, expect, inject, test } from "vitest";
import { ARTIFACTS, REPO_ROOT, openExtensionPage, readBuiltManifest } from "../../scripts/chromium.ts";
import { launchedForSuite } from "./helpers.ts";

const GOOGLE_API = "https://versionhistory.googleapis.com/*";
const LOOPBACK = "http://127.0.0.1/*";
/** Release-page hosts: host access there (and nowhere else) lets tabs.onUpdated show those pages' URLs. */
const RELEASE_PAGES = [
  "https://developer.chrome.com/*",
  "https://chromium.googlesource.com/*",
  "https://chromiumdash.appspot.com/*",
  "https://chromereleases.googleblog.com/*",
];
const VITE_CONFIG = join(REPO_ROOT, "vite.config.ts");

describe("the built extension in Chromium", () => {
  const launched = launchedForSuite();

  test("runs the service worker the built manifest names", async () => {
    const { worker, extensionId } = launched();
    const background = (await readBuiltManifest(inject("extensionDir"))).background as {
      service_worker: string;
      type?: string;
    };
    expect(worker.url()).toBe(`chrome-extension://${extensionId}/${background.service_worker}`);
    expect(background.type).toBe("module");
  });

  test("the popup shows every live platform and channel as a matrix", async () => {
    const { context, extensionId } = launched();
    const { page, errors } = await openExtensionPage(context, extensionId);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Release Radar");
    await page.locator("#live-rows tr").first().waitFor();
    expect(await page.locator("#live-head th").allTextContents()).toEqual(["Platform", "Stable", "Dev"]);
    // What a glance sees (milestone and share), and what a screen reader also hears (version and since when).
    const cells = await page.$$eval("#live-rows tr", (trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent.replace(/\s+/g, " ").trim())),
    );
    expect(cells).toEqual([
      ["Windows", "120 100% (120.0.6099.71 since 2023-12-06 21:01 UTC)", "nothing live"],
      [
        "Linux",
        "120 25% (120.0.6099.71 since 2023-12-06 21:01 UTC)",
        "122 100% (122.0.6200.0 since 2023-12-08 01:46 UTC)",
      ],
    ]);
    expect(await page.locator("#live-rows td").first().getAttribute("title")).toBe(
      "120.0.6099.71 at 100% since 2023-12-06 21:01 UTC",
    );
    await mkdir(ARTIFACTS, { recursive: true });
    await page.locator("body").screenshot({ path: join(ARTIFACTS, "popup.png") });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the popup lists the next milestones from the schedule, and a release page's popup its own", async () => {
    const { context, extensionId, worker } = launched();
    // The worker keeps the next three milestones' schedule after its poll (from the emulator's schedule).
    await expect
      .poll(() =>
        worker.evaluate(async () => {
          const { schedules } = await chrome.storage.local.get<{ schedules?: unknown[] }>("schedules");
          return schedules?.length ?? 0;
        }),
      )
      .toBeGreaterThanOrEqual(3);
    const { page, errors } = await openExtensionPage(context, extensionId);
    await page.locator("#schedule-list li").nth(2).waitFor();
    const rows = await page.locator("#schedule-list li").allTextContents();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatch(
        /^M\d+ · (early stable .+ · )?Stable \d{4}-\d\d-\d\d \((in \d+ days|tomorrow|today)\)$/,
      );
    }
    const next = Number(/^M(\d+)/.exec(rows[0] ?? "")?.[1]);
    const release = await openExtensionPage(context, extensionId, `src/popup/index.html?milestone=${next}`);
    await release.page.locator("#schedule-page:not([hidden])").waitFor();
    expect(await release.page.locator("#schedule-page").textContent()).toMatch(
      new RegExp(`^M${next} .*Schedule: branch \\d{4}-\\d\\d-\\d\\d, .*stable \\d{4}-\\d\\d-\\d\\d$`),
    );
    expect([...errors, ...release.errors]).toEqual([]);
    await page.close();
    await release.page.close();
  });
});

describe("the built manifest", () => {
  test("asks only for storage, alarms, notifications, contextMenus, the service's host and the release-page hosts", async () => {
    const manifest = await readBuiltManifest(inject("extensionDir"));
    expect(manifest.permissions).toEqual(["storage", "alarms", "notifications", "contextMenus"]);
    // The e2e build points at the emulator on loopback, which adds the loopback pattern; nothing else.
    expect(manifest.host_permissions).toEqual([GOOGLE_API, ...RELEASE_PAGES, LOOPBACK]);
    expect(manifest.optional_host_permissions).toEqual(["https://*/*", LOOPBACK]);
  });

  test("carries package.json's version", async () => {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect((await readBuiltManifest(inject("extensionDir"))).version).toBe(pkg.version);
  });

  test("a build pointed at the local emulator may fetch from loopback and bakes in its URL", async () => {
    const outDir = await mkdtemp(join(tmpdir(), "rr-dist-"));
    try {
      await withEnv(
        { RR_DEFAULT_BASE_URL: "http://127.0.0.1:8787/v1", RR_DEFAULT_PRODUCT: "chromium" },
        async () => {
          const config = await resolveConfig({ root: REPO_ROOT, configFile: VITE_CONFIG }, "build");
          expect(config.define).toMatchObject({
            "import.meta.env.RR_DEFAULT_BASE_URL": JSON.stringify("http://127.0.0.1:8787/v1"),
            "import.meta.env.RR_DEFAULT_PRODUCT": JSON.stringify("chromium"),
          });
          await build({
            root: REPO_ROOT,
            configFile: VITE_CONFIG,
            logLevel: "silent",
            build: { outDir, emptyOutDir: true },
          });
        },
      );
      expect((await readBuiltManifest(outDir)).host_permissions).toEqual([
        GOOGLE_API,
        ...RELEASE_PAGES,
        LOOPBACK,
      ]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  test("a build pointed at a name rather than an address fails with a message", async () => {
    await withEnv({ RR_DEFAULT_BASE_URL: "http://localhost:8787/v1" }, async () => {
      await expect(
        resolveConfig({ root: REPO_ROOT, configFile: VITE_CONFIG, logLevel: "silent" }, "build"),
      ).rejects.toThrow(/RR_DEFAULT_BASE_URL must be https, or http:\/\/127\.0\.0\.1:PORT/);
    });
  });
});

/** Runs `body` with some environment variables set, then puts back what was there. */
async function withEnv(vars: Record<string, string>, body: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    await body();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
