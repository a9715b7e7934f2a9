/**
 * Builds the extension into dist/ once before the e2e files run, so every file tests the same bundle the
 * way `npm run build` makes it. RR_SKIP_BUILD=1 reuses an existing dist/ (e.g. one `npm start` built).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { DIST, REPO_ROOT } from "./harness.ts";

export default async function setup(): Promise<void> {
  if (process.env.RR_SKIP_BUILD === "1") {
    if (!existsSync(join(DIST, "manifest.json"))) {
      throw new Error(`RR_SKIP_BUILD=1 but ${DIST} holds no manifest.json: run \`npm run build\` first`);
    }
    return;
  }
  await build({ root: REPO_ROOT, configFile: join(REPO_ROOT, "vite.config.ts"), logLevel: "warn" });
}
