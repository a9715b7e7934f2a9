/**
 * The store packages (`npm run package`, scripts/package.ts): packed twice from the same sources they are
 * byte-identical; they hold only what the extension loads and point at the real service; the Firefox one
 * passes `web-ext lint --warnings-as-errors`; and each, unpacked, loads in its browser (the Chrome one in
 * Chromium, the Firefox one in Firefox) and opens its popup with no error. This machine has no internet, so
 * the real service cannot be reached: the popup says so, which is what a first start offline looks like.
 * The source zip beside them holds what rebuilding needs, and rebuilds the same packages, as
 * addons.mozilla.org's reviewers do.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import webExt from "web-ext";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import manifest from "../../manifest.json" with { type: "json" };
import pkg from "../../package.json" with { type: "json" };
import { launchExtension, openExtensionPage, REPO_ROOT, WAIT_TIMEOUT_MS } from "../../scripts/chromium.ts";
import { launchFirefox } from "../../scripts/firefox.ts";
import { packageAll, packageName, sourceFolder, type Packages } from "../../scripts/package.ts";
import { readZip } from "../../scripts/zip.ts";

let work: string;
let first: Packages;
let second: Packages;

/** Unpacks `zip` into a new folder under the test's work folder and returns it. */
async function unpack(zip: string, name: string): Promise<string> {
  const dir = join(work, "unpacked", name);
  for (const entry of readZip(await readFile(zip))) {
    await mkdir(dirname(join(dir, entry.name)), { recursive: true });
    await writeFile(join(dir, entry.name), entry.data);
  }
  return dir;
}

/** The files a package may hold: the manifest, the icons, the pages and the bundled scripts and styles. */
const SHIPPED = [
  /^manifest\.json$/,
  /^service-worker-loader\.js$/,
  /^icons\/icon-\d+\.png$/,
  /^src\/(popup|options)\/index\.html$/,
  /^assets\/[\w.-]+\.(js|css)$/,
  // The features assets for asking (scripts/features-asset.ts): the second read only when the first names nothing.
  /^features\.json$/,
  /^compat-keys\.json$/,
  // The share of users: the usage asset and one table per region (scripts/usage-asset.ts).
  /^usage\.json$/,
  /^usage\/(alt-[a-z]{2}|[A-Z]{2})\.json$/,
];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "rr-package-test-"));
  first = await packageAll(join(work, "first"));
  second = await packageAll(join(work, "second"));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("the store packages", () => {
  test("are named for the browser and package.json's version", () => {
    expect(first.chrome.endsWith(`/release-radar-chrome-${pkg.version}.zip`)).toBe(true);
    expect(first.firefox.endsWith(`/release-radar-firefox-${pkg.version}.zip`)).toBe(true);
    expect(packageName("firefox", "1.2.3")).toBe("release-radar-firefox-1.2.3.zip");
  });

  test("are byte-identical when packed twice from the same sources", async () => {
    expect((await readFile(second.chrome)).equals(await readFile(first.chrome))).toBe(true);
    expect((await readFile(second.firefox)).equals(await readFile(first.firefox))).toBe(true);
    expect((await readFile(second.source ?? "")).equals(await readFile(first.source ?? ""))).toBe(true);
  });

  test.each(["chrome", "firefox"] as const)(
    "the %s package holds only what the extension loads: no source maps, tests or node_modules",
    async (browser) => {
      const names = readZip(await readFile(first[browser])).map((e) => e.name);
      expect(names.length).toBeGreaterThan(10);
      expect(names.filter((name) => !SHIPPED.some((re) => re.test(name)))).toEqual([]);
      expect(names.filter((name) => /\.map$|node_modules|test/.test(name))).toEqual([]);
      expect(names).toContain("features.json");
      expect(names).toContain("compat-keys.json");
      expect(names).toContain("usage.json");
      expect(names.filter((name) => name.startsWith("usage/"))).toHaveLength(239);
    },
  );

  test.each(["chrome", "firefox"] as const)(
    "the %s package points at the real service, with the manifest's hosts only",
    async (browser) => {
      const entries = readZip(await readFile(first[browser]));
      const built = JSON.parse(entries.find((e) => e.name === "manifest.json")?.data.toString() ?? "{}") as {
        host_permissions: string[];
        version: string;
      };
      expect(built.host_permissions).toEqual(manifest.host_permissions);
      expect(built.version).toBe(pkg.version);
      const code = entries
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => e.data.toString())
        .join("\n");
      expect(code).toContain("https://versionhistory.googleapis.com/v1");
      expect(code).not.toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    },
  );

  test("the Firefox package passes web-ext lint with warnings as errors", async () => {
    const result = await webExt.cmd.lint(
      { sourceDir: await unpack(first.firefox, "lint"), warningsAsErrors: true, output: "json" },
      { shouldExitProgram: false },
    );
    expect(result.summary).toEqual({ errors: 0, notices: 0, warnings: 0 });
  });

  test("the Chrome package, unpacked, loads in Chromium and opens its popup with no error", async () => {
    const extension = await launchExtension({ dist: await unpack(first.chrome, "chrome") });
    try {
      const manifestName = await extension.worker.evaluate(() => chrome.runtime.getManifest().name);
      expect(manifestName).toBe("Release Radar");
      const { page, errors } = await openExtensionPage(extension.context, extension.extensionId);
      await page.locator("#checked").filter({ hasText: "versionhistory.googleapis.com" }).waitFor();
      expect(await page.locator("h1").textContent()).toBe("Release Radar");
      // Not on the toolbar (the page is in a tab): the tip says how to pin it, in Chromium's words.
      await page.locator("#pin-hint").waitFor();
      expect((await page.locator("#pin-hint").textContent())?.replace(/\s+/g, " ").trim()).toBe(
        "Tip: pin Release Radar to the toolbar to see the rollout at a glance (puzzle-piece icon, then the pin).",
      );
      // Chromium logs each failed request of the page to the console; offline, the real service's host does
      // not resolve, which the page itself reports as "cannot reach the service". Nothing else may appear.
      const offline = /^Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/;
      expect(errors.filter((e) => !offline.test(e))).toEqual([]);
    } finally {
      await extension.close();
    }
  });

  test("the Firefox package, unpacked, installs in Firefox and opens its popup with no error", async () => {
    const firefox = await launchFirefox({ dist: await unpack(first.firefox, "firefox") });
    try {
      const page = await firefox.openPage();
      await page.waitForFunction(
        () => document.querySelector("#checked")?.textContent?.includes("versionhistory.googleapis.com"),
        { timeout: WAIT_TIMEOUT_MS },
      );
      expect(await page.$eval("h1", (h) => h.textContent)).toBe("Release Radar");
      expect(await firefox.errors()).toEqual([]);
    } finally {
      await firefox.close();
    }
  });
});

describe("the source zip", () => {
  test("is named for package.json's version and holds what rebuilding needs, in one folder", async () => {
    expect(first.source?.endsWith(`/release-radar-source-${pkg.version}.zip`)).toBe(true);
    const names = readZip(await readFile(first.source ?? "")).map((e) => e.name);
    const folder = `${sourceFolder()}/`;
    expect(names.filter((name) => !name.startsWith(folder))).toEqual([]);
    const inside = names.map((name) => name.slice(folder.length));
    for (const needed of [
      "package.json",
      "package-lock.json",
      "README.md",
      "manifest.json",
      "manifest.config.ts",
      "vite.config.ts",
      "tsconfig.json",
      "scripts/package.ts",
      "scripts/zip.ts",
      "src/popup/index.html",
      "src/background/index.ts",
      "public/icons/icon-128.png",
    ]) {
      expect(inside).toContain(needed);
    }
    const built = /^(node_modules|dist|dist-firefox|artifacts|\.e2e-dist[^/]*|\.git)\//;
    expect(inside.filter((name) => built.test(name))).toEqual([]);
  });

  test("unpacked elsewhere, rebuilds byte-identical packages with `npm run package`", async () => {
    const unpacked = join(await unpack(first.source ?? "", "source"), sourceFolder());
    // `npm ci` there would install what package-lock.json names, which is this checkout's node_modules
    // (this machine has no internet to download it again).
    await symlink(join(REPO_ROOT, "node_modules"), join(unpacked, "node_modules"), "dir");
    const out = join(work, "rebuilt");
    await promisify(execFile)("npm", ["run", "package", "--", "--out", out], {
      cwd: unpacked,
      timeout: 240_000,
    });
    expect((await readFile(join(out, packageName("firefox")))).equals(await readFile(first.firefox))).toBe(
      true,
    );
    expect((await readFile(join(out, packageName("chrome")))).equals(await readFile(first.chrome))).toBe(
      true,
    );
  });
});
