/**
 * Bench: (1) what one poll costs in steady state, in requests and bytes, against the emulator over
 * loopback HTTP: the first poll downloads, an unchanged service answers the next one with 304 and no body;
 * (2) the time from a settings write to the new badge in real Chromium (target under 500 ms), and from
 * switching to a working service after a dead one failed (target under 2 s: the new service starts clean).
 */
import { pollLive } from "../src/background/poll/poll.ts";
import type { Snapshot } from "../src/shared/store/snapshot.ts";
import { createClient } from "../src/core/client/index.ts";
import { WAIT_TIMEOUT_MS } from "../scripts/chromium.ts";
import { withBenchExtension } from "./build.ts";
import { spawnEmulator } from "../scripts/emulator-process.ts";
import { fmt, median } from "./stats.ts";

interface PollCost {
  status: string;
  requests: number;
  bytes: number;
}

/** Two polls of the bundled dataset through the extension's own poll code, counting what crossed the wire. */
export async function benchPollCost(): Promise<PollCost[]> {
  const emulator = await spawnEmulator();
  try {
    const costs: PollCost[] = [];
    let current: PollCost = { status: "", requests: 0, bytes: 0 };
    const counting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const body = await res.arrayBuffer();
      current.requests++;
      current.status = String(res.status);
      current.bytes += body.byteLength;
      return new Response(res.status === 304 ? null : body, { status: res.status, headers: res.headers });
    };
    const client = createClient({ baseUrl: emulator.baseUrl, product: "chrome", fetch: counting });
    let snapshot: Snapshot | null = null;
    for (let i = 0; i < 3; i++) {
      current = { status: "", requests: 0, bytes: 0 };
      const result = await pollLive(client, snapshot);
      if (!result.ok) throw new Error(result.failure.details);
      snapshot = result.snapshot;
      costs.push(current);
    }
    return costs;
  } finally {
    emulator.stop();
  }
}

export interface SettingsTimes {
  /** Each round's ms from writing a new channel to the badge showing it, sorted. */
  readonly channel: number[];
  /**
   * Each round's ms from naming a working service, after a dead one had failed and set a backoff, to the badge
   * showing the working service's data, sorted: what starting a new service clean buys.
   */
  readonly serviceSwitch: number[];
}

/** Times from `storage.sync.set` to the badge showing the change, in real Chromium. */
export async function benchSettingsToBadge(rounds = 11): Promise<SettingsTimes> {
  return withBenchExtension([], async (extension, emulator) => {
    const { worker } = extension;
    // The bundled dataset: linux/stable is 151, linux/dev 154; start settled on stable.
    await worker.evaluate(async (timeoutMs) => {
      await chrome.storage.sync.set({ settings: { channel: "stable", platform: "linux" } });
      // Let the install-time poll land first, so every round measures a settings change alone.
      const t0 = performance.now();
      while ((await chrome.action.getBadgeText({})) !== "151") {
        if (performance.now() - t0 > timeoutMs)
          throw new Error(`the first poll never showed 151 in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }, WAIT_TIMEOUT_MS);
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [channel, expected] = i % 2 === 0 ? ["dev", "154"] : ["stable", "151"];
      // Timed inside the worker: one evaluate writes the settings and watches the badge, so the figure has
      // no Playwright round trips in it. A slow round is measured and reported against the target rather
      // than cut short: the bound is only for a badge that never changes.
      const ms = await worker.evaluate(
        async ({ channel, expected, timeoutMs }) => {
          const t0 = performance.now();
          await chrome.storage.sync.set({ settings: { channel, platform: "linux" } });
          while ((await chrome.action.getBadgeText({})) !== expected) {
            if (performance.now() - t0 > timeoutMs) {
              const title = await chrome.action.getTitle({});
              throw new Error(
                `badge never showed ${expected}: "${await chrome.action.getBadgeText({})}", ${title}`,
              );
            }
            await new Promise((r) => setTimeout(r, 2));
          }
          return performance.now() - t0;
        },
        { channel, expected, timeoutMs: WAIT_TIMEOUT_MS },
      );
      times.push(ms);
    }
    const switches: number[] = [];
    for (let i = 0; i < Math.ceil(rounds / 2); i++) {
      switches.push(
        await worker.evaluate(
          async ({ working, timeoutMs }) => {
            // No named helper in here: the page would not know the bundler's name-keeping wrapper.
            const steps: [string, string][] = [
              // A service with no data and nothing listening: "!" once its first poll has failed.
              ["http://127.0.0.1:9/v1", "!"],
              [working, "151"],
            ];
            let t0 = 0;
            for (const [baseUrl, text] of steps) {
              t0 = performance.now();
              await chrome.storage.sync.set({ settings: { baseUrl, platform: "linux" } });
              while ((await chrome.action.getBadgeText({})) !== text) {
                if (performance.now() - t0 > timeoutMs) throw new Error(`badge never showed ${text}`);
                await new Promise((r) => setTimeout(r, 2));
              }
            }
            return performance.now() - t0;
          },
          { working: emulator.baseUrl, timeoutMs: WAIT_TIMEOUT_MS },
        ),
      );
    }
    return { channel: times.sort((a, b) => a - b), serviceSwitch: switches.sort((a, b) => a - b) };
  });
}

export function printToolbarBench(
  costs: PollCost[],
  { channel: times, serviceSwitch }: SettingsTimes,
): boolean {
  console.log("\nToolbar poll in steady state (bundled dataset, loopback HTTP, the extension's poll code)");
  costs.forEach((c, i) =>
    console.log(
      `  poll ${i + 1}: ${c.requests} request, HTTP ${c.status}, ${c.bytes.toLocaleString("en")} bytes of body`,
    ),
  );
  const steady = costs.slice(1).every((c) => c.requests === 1 && c.status === "304" && c.bytes === 0);
  console.log(
    `  steady state: 1 request and 0 body bytes per poll (304)  ${steady ? "ok" : "MISSES TARGET"}`,
  );
  const channelMedian = median(times);
  const ok = channelMedian < 500;
  console.log(
    `\nSettings write to new badge, real Chromium (${times.length} rounds): median ${fmt(channelMedian)} ms, ` +
      `min ${fmt(times[0] ?? NaN)} ms, max ${fmt(times.at(-1) ?? NaN)} ms  ${ok ? "ok" : "MISSES TARGET"}`,
  );
  console.log("  target: under 500 ms");
  const switchMedian = median(serviceSwitch);
  const switchOk = switchMedian < 2_000;
  console.log(
    `\nService switch to new badge, after the old service failed, real Chromium (${serviceSwitch.length} rounds): ` +
      `median ${fmt(switchMedian)} ms, min ${fmt(serviceSwitch[0] ?? NaN)} ms, max ${fmt(serviceSwitch.at(-1) ?? NaN)} ms  ` +
      `${switchOk ? "ok" : "MISSES TARGET"}`,
  );
  console.log("  target: under 2 s (a couple of seconds), no backoff carried over");
  return steady && ok && switchOk;
}
