/**
 * `npm start -- --firefox`'s browser: Debian's Firefox with the Firefox build installed as a temporary add-on
 * (scripts/firefox.ts, puppeteer-core over WebDriver BiDi). It reports as the Chromium session does: the
 * toolbar's first state and a screenshot of the popup; with a display it stays open until closed.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { WAIT_TIMEOUT_MS } from "./chromium.ts";
import { launchFirefox } from "./firefox.ts";
import { describeToolbar, waitForFirstPoll, type FirstState, type SessionOptions } from "./start-session.ts";

/** The `browser` global of a Firefox extension page, where the page's scripts below run. */
declare const browser: import("webextension-polyfill").Browser;

/** Firefox's popup panel is as wide as the page (440 CSS px); the same height as Chromium's is kept. */
const POPUP = { width: 440, height: 600 };

export async function runFirefox({ dist, artifacts, headless, opened }: SessionOptions): Promise<void> {
  const firefox = await launchFirefox({ dist, headless });
  opened(() => firefox.close());
  // The popup, in a tab: it asks the background page for a check, then is what the screenshot shows.
  const page = await firefox.openPage();
  const first = await waitForFirstPoll({
    ask: () => page.evaluate((): Promise<unknown> => browser.runtime.sendMessage({ type: "refresh" })),
    read: () =>
      page.evaluate(async (): Promise<FirstState> => {
        const { pollState, snapshot } = (await browser.storage.local.get(["pollState", "snapshot"])) as {
          pollState?: FirstState["pollState"];
          snapshot?: { fetchedAt?: number };
        };
        const action = {
          badgeText: await browser.action.getBadgeText({}),
          title: await browser.action.getTitle({}),
        };
        return {
          ...(pollState ? { pollState } : {}),
          ...(snapshot?.fetchedAt === undefined ? {} : { fetchedAt: snapshot.fetchedAt }),
          action,
        };
      }),
  });
  for (const line of describeToolbar(first.action)) console.log(line);

  // What the first poll brought, drawn: the live releases, or the banner saying why there are none.
  const failed = (first.pollState?.failures ?? 0) > 0;
  await page.waitForSelector(failed ? "[role=alert]" : "#live-rows tr", {
    visible: true,
    timeout: WAIT_TIMEOUT_MS,
  });
  await page.setViewport(POPUP);
  await mkdir(artifacts, { recursive: true });
  const path = join(artifacts, "start-firefox-popup.png");
  await page.screenshot({ path });
  console.log(`popup screenshot: ${path}`);

  if (!headless) {
    console.log("Firefox is open with Release Radar installed. Close its window (or press Ctrl-C) to stop.");
    await new Promise<void>((resolve) => firefox.browser.once("disconnected", () => resolve()));
  }
}
