/**
 * Two runners over one config. Standalone on purpose (not merged with vite.config.ts): the crxjs plugin
 * has no business transforming unit tests.
 *
 * - unit: pure modules, and adapters against fakes handed in (test/fakes/), in Node: no global `chrome`.
 * - e2e: the built extension in real Chromium; one file at a time, since each launches a browser and the
 *   machine has two cores. globalSetup builds the extension once, into .e2e-dist/ (dist/ is the user's).
 *   Its bounds are generous because that machine may be busy: every wait ends when its condition holds, so
 *   they cost nothing when things work, and expect.poll's default of 1 s is far too short for a browser.
 */
import { defineConfig } from "vitest/config";
import { markupModules } from "./scripts/markup-module.ts";

export default defineConfig({
  test: {
    projects: [
      {
        // The explorer's markup is imported as `?dom`, as in the build.
        plugins: [markupModules()],
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // As WAIT_TIMEOUT_MS in scripts/chromium.ts.
          expect: { poll: { timeout: 60_000 } },
        },
      },
      {
        // The Firefox build in real Firefox (scripts/firefox.ts), with bounds as generous as e2e's.
        test: {
          name: "firefox",
          include: ["test/firefox/**/*.firefox.test.ts"],
          environment: "node",
          globalSetup: ["test/firefox/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
