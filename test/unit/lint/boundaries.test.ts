// The import boundaries between runtimes, as ESLint enforces them with the project's own config: a page
// importing the service worker's folder, or shared code importing a runtime, fails `npm run lint`; so does a
// popup feature folder importing across the popup's own graph.
import { ESLint } from "eslint";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
let eslint: ESLint;

// The first lint builds the TypeScript program for the type-aware rules, which takes seconds (more on a busy
// machine): done once here, under a bound generous enough for a loaded 2-core machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: join(ROOT, "src/shared/watch/live.ts") });
}, 180_000);

/** The boundary errors ESLint reports for `code` placed at `file` (an existing file, so types resolve). */
async function crossings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it.each([
    [
      "src/popup/main.ts",
      'import { createController } from "../background/controller.ts";\nvoid createController;\n',
    ],
    ["src/options/main.ts", 'import { POLL_ALARM } from "../background/controller.ts";\nvoid POLL_ALARM;\n'],
    ["src/popup/main.ts", 'import { fieldError } from "../options/form.ts";\nvoid fieldError;\n'],
    [
      "src/background/index.ts",
      'import { headerView } from "../popup/glance/header.ts";\nvoid headerView;\n',
    ],
    ["src/shared/watch/live.ts", 'export { toolbarState } from "../background/toolbar/toolbar-state.ts";\n'],
    ["src/core/catalog.ts", 'import { liveOn } from "../shared/live.ts";\nvoid liveOn;\n'],
    ["src/core/catalog.ts", 'import { readFileSync } from "node:fs";\nvoid readFileSync;\n'],
    // The popup's feature folders (eslint.config.js POPUP_FEATURES).
    [
      "src/popup/glance/header.ts",
      'import { bindChartPanel } from "../chart/panel-dom.ts";\nvoid bindChartPanel;\n',
    ],
    [
      "src/popup/glance/header.ts",
      'import type { ExplorerState } from "../explorer/state.ts";\nexport type S = ExplorerState;\n',
    ],
    [
      "src/popup/chart/chart.ts",
      'import { defaultState } from "../explorer/filter.ts";\nvoid defaultState;\n',
    ],
    ["src/popup/explorer/filter.ts", 'import { banners } from "../glance/problems.ts";\nvoid banners;\n'],
    [
      "src/popup/explorer/filter.ts",
      'import { extensionApi } from "../extension-api.ts";\nvoid extensionApi;\n',
    ],
    ["src/popup/glance/header.ts", 'import { fieldError } from "../../options/form.ts";\nvoid fieldError;\n'],
    ["src/popup/popup.ts", 'import "./main.ts";\n'],
    [
      "src/popup/tracked/tracked-list.ts",
      'import { drawAnswer } from "../ask/answer-dom.ts";\nvoid drawAnswer;\n',
    ],
  ])("%s may not import across: %j", { timeout: 60_000 }, async (file, code) => {
    expect(await crossings(file, code)).toHaveLength(1);
  });

  it.each([
    ["src/popup/main.ts", 'import { liveOn } from "../shared/live.ts";\nvoid liveOn;\n'],
    ["src/options/main.ts", 'import { loadSettings } from "../shared/settings.ts";\nvoid loadSettings;\n'],
    ["src/background/index.ts", 'import { liveOn } from "../shared/live.ts";\nvoid liveOn;\n'],
    [
      "src/shared/watch/live.ts",
      'import { compareVersions } from "../core/version.ts";\nvoid compareVersions;\n',
    ],
    [
      "src/popup/explorer/explorer-dom.ts",
      'import { bindChartPanel } from "../chart/panel-dom.ts";\nvoid bindChartPanel;\n',
    ],
    ["src/popup/popup.ts", 'import { headerView } from "./glance/header.ts";\nvoid headerView;\n'],
    ["src/popup/glance/header.ts", 'import { liveOn } from "../../shared/live.ts";\nvoid liveOn;\n'],
  ])("%s may import along the boundaries: %j", { timeout: 60_000 }, async (file, code) => {
    expect(await crossings(file, code)).toEqual([]);
  });
});

/** The import circles ESLint reports for `code` placed at `file`. */
async function circles(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "local/no-import-cycle").map((m) => m.message);
}

describe("no import circles, type-only imports included", () => {
  it.each([
    // The store typed by every model, while each model imports the store's KeySpec: the circle it was.
    [
      "src/shared/store/store.ts",
      'import type { Snapshot } from "./snapshot.ts";\nexport type S = Snapshot;\n',
    ],
    [
      "src/shared/store/snapshot.ts",
      'import { type SettingsStore } from "./settings.ts";\nexport type S = SettingsStore;\n',
    ],
    ["src/shared/store/snapshot.ts", 'export type { SettingsStore } from "./settings.ts";\n'],
    ["src/shared/store/snapshot.ts", 'export const later = () => import("./settings.ts");\n'],
  ])("%s: refused: %j", { timeout: 60_000 }, async (file, code) => {
    const found = await circles(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^Import circle \(type-only imports count\): src\/shared\/\S+ -> .* -> src\/shared\//,
    );
  });

  it("the same import the other way round is allowed", { timeout: 60_000 }, async () => {
    const code = 'import type { ServiceId } from "./snapshot.ts";\nexport type S = ServiceId;\n';
    expect(await circles("src/shared/store/settings.ts", code)).toEqual([]);
  });
});

/** The extension-API errors ESLint reports for `code` placed at `file`. */
async function apiErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-globals" || m.ruleId === "no-restricted-syntax")
    .map((m) => m.message);
}

describe("extension APIs only through webextension-polyfill's browser", () => {
  it.each([
    ["src/background/controller.ts", "export const id = chrome.runtime.id;\n"],
    ["src/popup/extension-api.ts", "export const id = chrome.runtime.id;\n"],
    ["src/background/index.ts", "export const id = chrome.runtime.id;\n"],
    ["src/shared/watch/live.ts", "export const id = browser.runtime.id;\n"],
    [
      "src/popup/main.ts",
      'import browser from "webextension-polyfill";\nexport const id = browser.runtime.id;\n',
    ],
    ["src/shared/store/store.ts", 'export const api = import("webextension-polyfill");\n'],
    ["src/popup/extension-api.ts", 'export const api = import("webextension-polyfill");\n'],
  ])("%s: refused: %j", { timeout: 60_000 }, async (file, code) => {
    const errors = await apiErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/webextension-polyfill/);
  });

  it.each([
    [
      "src/background/index.ts",
      'import browser from "webextension-polyfill";\nexport const id = browser.runtime.id;\n',
    ],
    [
      "src/options/main.ts",
      'import browser from "webextension-polyfill";\nexport const id = browser.runtime.id;\n',
    ],
    ["src/popup/browser-namespace.ts", 'export const api = import("webextension-polyfill");\n'],
    [
      "src/popup/main.ts",
      'import type { Browser } from "webextension-polyfill";\nexport type B = Browser;\n',
    ],
  ])("%s: allowed: %j", { timeout: 60_000 }, async (file, code) => {
    expect(await apiErrors(file, code)).toEqual([]);
  });
});
