// The toolbar's watch lists (options page and popup): the service's own platforms and channels, else what
// the stored snapshot has live, else the catalog's; the service's answers come from the emulator's handler.
import { describe, expect, it } from "vitest";
import { KNOWN_PLATFORMS } from "../../../../src/core/catalog.ts";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import {
  createServiceIds,
  type KnownIds,
  type ServiceIds,
} from "../../../../src/shared/watch/service-ids.ts";
import type { Snapshot } from "../../../../src/shared/store/snapshot.ts";
import { askWatchLists, watchLists, type WatchInput } from "../../../../src/shared/watch/watch-lists.ts";
import { BASE_URL, serviceFetch } from "../../../fakes/service-fetch.ts";

const SERVICE = { baseUrl: BASE_URL, product: "chrome" };

const input = (patch: Partial<WatchInput> = {}): WatchInput => ({
  service: SERVICE,
  platform: "auto",
  channel: "stable",
  detected: "linux",
  ...patch,
});

/** What a service has listed: platforms, and channels by platform. */
function known(platforms?: readonly string[], channels: Record<string, readonly string[]> = {}): KnownIds {
  return {
    platforms: () => platforms,
    channels: (_product, platform) => channels[platform],
  };
}

const NOTHING_KNOWN = known();

function live(platform: string, channel: string): ReleaseResource {
  return {
    name: `chrome/platforms/${platform}/channels/${channel}/versions/120.0.6099.71/releases/1701900060`,
    serving: { startTime: "2023-12-06T22:01:00Z" },
    fraction: 1,
    version: "120.0.6099.71",
    fractionGroup: "1",
    pinnable: true,
  };
}

const snapshot = (service = SERVICE): Snapshot => ({
  ...service,
  fetchedAt: 0,
  releases: [live("mac", "beta"), live("linux", "stable"), live("linux", "dev"), live("mac", "stable")],
});

const values = (choices: readonly { value: string }[]) => choices.map((c) => c.value);

describe("watchLists", () => {
  it("offers the platforms and channels the service lists, with the catalog's labels, Automatic first", () => {
    const lists = watchLists(input(), known(["win64", "linux"], { linux: ["stable", "dev"] }), null);
    expect(lists.platforms).toEqual([
      { value: "auto", label: "Automatic (this device: Linux)" },
      { value: "win64", label: "Windows" },
      { value: "linux", label: "Linux" },
    ]);
    expect(lists.channels).toEqual([
      { value: "stable", label: "Stable" },
      { value: "dev", label: "Dev" },
    ]);
  });

  it("keeps a saved platform and channel the service does not list, marked as such", () => {
    const lists = watchLists(
      input({ platform: "lacros_arm32", channel: "canary" }),
      known(["win64", "linux"], { lacros_arm32: ["stable"] }),
      null,
    );
    expect(lists.platforms.at(-1)).toEqual({
      value: "lacros_arm32",
      label: "lacros_arm32 (not on this service)",
    });
    expect(lists.channels).toEqual([
      { value: "stable", label: "Stable" },
      { value: "canary", label: "Canary (not on this service)" },
    ]);
  });

  it("lists the channels of the watched platform, or of the device's for Automatic", () => {
    const ids = known(["win64", "linux"], { linux: ["stable", "dev"], win64: ["stable"] });
    expect(values(watchLists(input({ platform: "win64" }), ids, null).channels)).toEqual(["stable"]);
    expect(values(watchLists(input({ platform: "auto", detected: "linux" }), ids, null).channels)).toEqual([
      "stable",
      "dev",
    ]);
  });

  it("names the device beside Automatic only when it is known", () => {
    expect(watchLists(input({ detected: null }), NOTHING_KNOWN, null).platforms[0]).toEqual({
      value: "auto",
      label: "Automatic",
    });
  });

  it("offers what the stored snapshot has live until the service has listed its own", () => {
    const lists = watchLists(input({ platform: "mac", channel: "dev" }), NOTHING_KNOWN, snapshot());
    expect(values(lists.platforms)).toEqual(["auto", "mac", "linux"]);
    // mac's live channels, in the order people read them; the saved one it lacks is kept and marked.
    expect(lists.channels).toEqual([
      { value: "stable", label: "Stable" },
      { value: "beta", label: "Beta" },
      { value: "dev", label: "Dev (nothing live)" },
    ]);
  });

  it("offers no id of the snapshot's that a setting could not hold", () => {
    const odd = {
      ...snapshot(),
      releases: [...snapshot().releases, live("linux", "beta\u202Egnp.exe"), live("Mac OS", "stable")],
    };
    const lists = watchLists(input({ platform: "linux", channel: "stable" }), NOTHING_KNOWN, odd);
    expect(values(lists.platforms)).toEqual(["auto", "mac", "linux"]);
    expect(values(lists.channels)).toEqual(["stable", "dev"]);
  });

  it("does not take another service's snapshot for this one's: the catalog's lists stand in", () => {
    const other = snapshot({ baseUrl: "https://mirror.example.org/v1", product: "chrome" });
    const lists = watchLists(input(), NOTHING_KNOWN, other);
    expect(values(lists.platforms)).toEqual(["auto", ...KNOWN_PLATFORMS]);
    expect(values(lists.channels)).toContain("canary");
  });

  it("prefers the service's list to the snapshot's", () => {
    const lists = watchLists(input(), known(["win64"]), snapshot());
    expect(values(lists.platforms)).toEqual(["auto", "win64"]);
  });
});

describe("askWatchLists", () => {
  function setup() {
    const service = serviceFetch();
    const real = createServiceIds({ baseUrl: BASE_URL, fetch: service.fetch });
    /** Each list asked of the ServiceIds, in order: askWatchLists asks synchronously or after an answer. */
    const asked: string[] = [];
    const ids: ServiceIds = {
      ...real,
      platforms: (product) => {
        asked.push(`platforms ${product}`);
        return real.platforms(product);
      },
      channels: (product, platform) => {
        asked.push(`channels ${product} ${platform}`);
        return real.channels(product, platform);
      },
    };
    let arrivals = 0;
    const page = new Set<string>();
    const ask = (watch: WatchInput): void =>
      askWatchLists(ids, watch, page, () => {
        arrivals++;
      });
    return { service, ids, asked, ask, arrivals: () => arrivals };
  }

  it("asks for the product's platforms, then the watched platform's channels, each once", async () => {
    const t = setup();
    t.ask(input({ platform: "linux" }));
    await expect.poll(() => t.ids.known.channels("chrome", "linux")).toEqual(["stable", "dev"]);
    // A redraw asks again: nothing new is asked.
    t.ask(input({ platform: "linux" }));
    expect(t.asked).toEqual(["platforms chrome", "channels chrome linux"]);
    expect(t.arrivals()).toBe(2);
  });

  it("does not ask for the channels of a platform the product lacks (a 404 for nothing)", async () => {
    const t = setup();
    t.ask(input({ platform: "mac" }));
    await expect.poll(() => t.arrivals()).toBe(1);
    // The channels would be asked in the same turn as the platforms' arrival: there is none to wait for.
    expect(t.asked).toEqual(["platforms chrome"]);
  });

  it("asks for every platform's channels when Automatic cannot be resolved", async () => {
    const t = setup();
    t.ask(input({ platform: "auto", detected: null }));
    await expect.poll(() => t.ids.known.channels("chrome", "all")).toEqual(["stable", "dev"]);
  });

  it("does not ask again at every redraw after a failure (only with a new set of asked lists)", async () => {
    const t = setup();
    t.service.down = true;
    t.ask(input({ platform: "linux" }));
    await expect.poll(() => t.service.requests.length).toBe(1);
    t.ask(input({ platform: "linux" }));
    expect(t.asked).toEqual(["platforms chrome"]);
    expect(t.arrivals()).toBe(0);
    t.service.down = false;
    askWatchLists(t.ids, input({ platform: "linux" }), new Set(), () => undefined);
    expect(t.asked).toEqual(["platforms chrome", "platforms chrome"]);
  });
});
