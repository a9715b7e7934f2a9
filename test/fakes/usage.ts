// A small usage asset written by hand (three browsers, two regions), and a fetch that serves it and the
// regions' tables as the built extension's files, for the unit tests of the pages and the worker.
import type { UsageAsset } from "../../src/core/usage/asset.ts";

export function handUsageAsset(overrides: Partial<UsageAsset> = {}): UsageAsset {
  return {
    format: 1,
    source: { caniuse: "1.0.30001813", updated: "2026-09-28" },
    versions: { chrome: ["104", "105", "106"], ios_saf: ["15.2-15.3", "15.4", "16.0"], and_uc: ["15.5"] },
    current: { chrome: "106", ios_saf: "16.0", and_uc: "15.5" },
    global: {
      chrome: { "104": 10, "105": 20, "106": 30 },
      ios_saf: { "15.2-15.3": 5, "15.4": 10, "16.0": 15 },
      and_uc: { "15.5": 2 },
    },
    caniuse: { "css-has": { chrome: "ny2", ios_saf: "ny2", and_uc: "u" } },
    engines: {},
    bcd: { specs: [], features: {}, keys: "" },
    regions: [
      ["DE", "Germany"],
      ["alt-eu", "Europe"],
    ],
    ...overrides,
  };
}

/** Germany's table in caniuse's region file shape (`0` for the current version). */
export const GERMANY = {
  id: "DE",
  name: "Germany",
  month: "2026-08",
  access_date: "2026-09-03",
  data: {
    chrome: { "104": 4, "105": 6, "106": null },
    ios_saf: { "15.2-15.3": 1, "15.4": 9, "16.0": 20 },
    and_uc: { "0": 1 },
  },
  total: 41,
};

/** A fetch of the extension's own files: usage.json and usage/<code>.json from `files`; 404 for the rest. */
export function filesFetch(files: Readonly<Record<string, unknown>>): typeof fetch & { asked: string[] } {
  const asked: string[] = [];
  const doFetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    asked.push(url);
    const path = new URL(url).pathname.replace(/^\//, "");
    return Promise.resolve(
      Object.hasOwn(files, path)
        ? new Response(JSON.stringify(files[path]), { status: 200 })
        : new Response("not found", { status: 404 }),
    );
  };
  return Object.assign(doFetch, { asked });
}
