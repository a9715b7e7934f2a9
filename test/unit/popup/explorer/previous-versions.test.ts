// Previous versions as the service lists them: the pure range logic, then lookups against the emulator's own
// request handler, counting the requests each page costs.
import { describe, expect, it } from "vitest";
import { createClient } from "../../../../src/core/client/index.ts";
import {
  askFor,
  createPreviousVersions,
  mergeRanges,
  previousIn,
  type KnownRange,
} from "../../../../src/popup/explorer/previous-versions.ts";
import { BASE_URL, serviceFetch } from "../../../fakes/service-fetch.ts";

const range = (high: string, low: string | null, ...versions: string[]): KnownRange => ({
  versions,
  high,
  low,
});

describe("previousIn", () => {
  const known = range("5.0", "1.0", "5.0", "4.0", "3.0", "1.0");

  it("gives the next lower version listed, null below the bottom of the list", () => {
    expect(previousIn(known, "5.0")).toBe("4.0");
    expect(previousIn(known, "3.0")).toBe("1.0");
    // Not listed itself, but inside the range: its previous is still known.
    expect(previousIn(known, "2.0")).toBe("1.0");
    expect(previousIn(range("2.0", null, "2.0", "1.0"), "1.0")).toBeNull();
  });

  it("knows nothing above the range, nor at or below its lowest version (what lies under it is not known)", () => {
    expect(previousIn(known, "5.0.0.1")).toBeUndefined();
    expect(previousIn(known, "1.0")).toBeUndefined();
    expect(previousIn(known, "0.9")).toBeUndefined();
    expect(previousIn(undefined, "1.0")).toBeUndefined();
  });

  it("counts versions equal but for padding as one", () => {
    const padded = range("80", null, "80", "80.0", "79.0.1");
    expect(previousIn(padded, "80")).toBe("79.0.1");
    expect(previousIn(padded, "80.0.0.0")).toBe("79.0.1");
    expect(previousIn(padded, "80.0.0.1")).toBeUndefined();
  });

  it("says null for a version that is not numeric: it never gets a link", () => {
    expect(previousIn(known, "unknown_version")).toBeNull();
    expect(previousIn(undefined, "unknown_version")).toBeNull();
  });
});

describe("mergeRanges and askFor", () => {
  it("joins overlapping ranges and replaces a range the new one does not touch", () => {
    const upper = range("9.0", "6.0", "9.0", "7.0", "6.0");
    expect(mergeRanges(upper, range("6.0", null, "5.0", "2.0"))).toEqual(
      range("9.0", null, "9.0", "7.0", "6.0", "5.0", "2.0"),
    );
    const apart = range("4.0", "3.0", "4.0", "3.0");
    expect(mergeRanges(upper, apart)).toBe(apart);
    expect(mergeRanges(undefined, apart)).toBe(apart);
  });

  it("asks for nothing known, only below the known range when its top is known, else from the page's top", () => {
    const known = range("9.0", "6.0", "9.0", "7.0", "6.0");
    expect(askFor(known, "7.0", "9.0")).toBeNull();
    expect(askFor(known, "5.0", "8.0")).toEqual({ filter: "version<6.0", high: "6.0" });
    expect(askFor(known, "7.0", "10.0")).toEqual({ filter: "version<=10.0", high: "10.0" });
    expect(askFor(undefined, "1.0", "2.0")).toEqual({ filter: "version<=2.0", high: "2.0" });
    expect(askFor(range("9.0", null, "9.0"), "1.0", "8.0")).toBeNull();
  });
});

/** Releases of one version each on linux/stable, `1.0.0.1` (oldest) to `1.0.0.n`, live when `live(i)`. */
function releases(n: number, live: (i: number) => boolean = () => false) {
  return {
    releases: Array.from({ length: n }, (_, k) => {
      const i = k + 1;
      const start = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString();
      const end = new Date(Date.UTC(2026, 0, 1) + (i + 1) * 86_400_000).toISOString();
      return {
        name: `chrome/platforms/linux/channels/stable/versions/1.0.0.${i}/releases/${Date.parse(start) / 1000}`,
        serving: live(i) ? { startTime: start } : { startTime: start, endTime: end },
        fraction: 1,
        version: `1.0.0.${i}`,
      };
    }),
  };
}

const item = (platform: string, channel: string, version: string) => ({
  name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}`,
  version,
});
const linux = (...versions: string[]) => versions.map((v) => item("linux", "stable", v));

/** Lookups over a service of `data` (the fixture's without), and the previous of a linux/stable version. */
function lookups(data?: Parameters<typeof serviceFetch>[0]) {
  const service = serviceFetch(data);
  const previous = createPreviousVersions((product) =>
    createClient({ baseUrl: BASE_URL, product, fetch: service.fetch }),
  );
  const before = (version: string) => previous.previousOf("chrome")("linux", "stable", version);
  return { service, previous, before };
}

const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? "", BASE_URL).searchParams);

describe("createPreviousVersions against the service", () => {
  it("asks once per platform and channel, from the page's highest version down, newest first", async () => {
    const { service, previous } = lookups();
    const page = [
      item("linux", "stable", "120.0.6099.71"),
      item("linux", "stable", "119.0.6045.199"),
      item("linux", "dev", "122.0.6200.0"),
      item("win64", "stable", "120.0.6099.71"),
    ];
    expect(await previous.lookUp("chrome", page)).toBe(true);
    expect(service.requests.map((r) => r.url.split("?")[0])).toEqual([
      "/v1/chrome/platforms/linux/channels/stable/versions",
      "/v1/chrome/platforms/linux/channels/dev/versions",
      "/v1/chrome/platforms/win64/channels/stable/versions",
    ]);
    expect(queryOf(service.requests[0]?.url)).toEqual({
      filter: "version<=120.0.6099.71",
      order_by: "version desc",
      pageSize: "23",
    });
    const of = previous.previousOf("chrome");
    expect(of("linux", "stable", "120.0.6099.71")).toBe("119.0.6045.199");
    // The lowest row's previous, which no loaded row shows.
    expect(of("linux", "stable", "119.0.6045.199")).toBe("119.0.6045.159");
    // The lowest versions the service lists there have none.
    expect(of("linux", "dev", "122.0.6200.0")).toBeNull();
    expect(of("win64", "stable", "120.0.6099.71")).toBeNull();
    // Another product's are its own.
    expect(previous.previousOf("browser")("linux", "stable", "120.0.6099.71")).toBeUndefined();
  });

  it("finds the previous version a filter hid between the rows", async () => {
    const { service, previous } = lookups(releases(5, (i) => i !== 3));
    // A live-only page: 1.0.0.3 ended, so it is not among the rows.
    await previous.lookUp("chrome", linux("1.0.0.5", "1.0.0.4", "1.0.0.2", "1.0.0.1"));
    const of = previous.previousOf("chrome");
    expect(["1.0.0.5", "1.0.0.4", "1.0.0.2", "1.0.0.1"].map((v) => of("linux", "stable", v))).toEqual([
      "1.0.0.4",
      "1.0.0.3",
      "1.0.0.1",
      null,
    ]);
    expect(service.requests).toHaveLength(1);
  });

  it("keeps what it learnt: known versions ask nothing, a lower page asks only below the known range", async () => {
    const { service, previous, before } = lookups(releases(100));
    await previous.lookUp("chrome", linux("1.0.0.100", "1.0.0.99"));
    expect(service.requests).toHaveLength(1);
    // pageSize 2 + 1 + 20: 1.0.0.100 down to 1.0.0.78.
    expect(before("1.0.0.79")).toBe("1.0.0.78");

    expect(await previous.lookUp("chrome", linux("1.0.0.90", "1.0.0.80"))).toBe(false);
    expect(service.requests).toHaveLength(1);

    expect(await previous.lookUp("chrome", linux("1.0.0.80", "1.0.0.60"))).toBe(true);
    expect(service.requests).toHaveLength(2);
    expect(queryOf(service.requests[1]?.url)).toMatchObject({ filter: "version<1.0.0.78" });
    expect(before("1.0.0.60")).toBe("1.0.0.59");
  });

  it("pages on only as far as a version below the page's lowest", async () => {
    const { service, previous, before } = lookups(releases(100));
    // Two rows far apart (a filter hid what is between): 23 to a page, three pages, 1.0.0.100 down to 1.0.0.32.
    await previous.lookUp("chrome", linux("1.0.0.100", "1.0.0.40"));
    expect(service.requests).toHaveLength(3);
    expect(queryOf(service.requests[1]?.url)).toHaveProperty("pageToken");
    expect(before("1.0.0.40")).toBe("1.0.0.39");
    expect(before("1.0.0.33")).toBe("1.0.0.32");
    expect(before("1.0.0.32")).toBeUndefined();
  });

  it("asks once for a pair whose lookup is already under way", async () => {
    const { service, previous } = lookups();
    const page = linux("120.0.6099.71", "119.0.6045.199");
    await Promise.all([previous.lookUp("chrome", page), previous.lookUp("chrome", page)]);
    expect(service.requests).toHaveLength(1);
  });

  it("asks nothing for versions that are not numeric or rows it cannot place", async () => {
    const { service, previous } = lookups();
    expect(
      await previous.lookUp("chrome", [
        item("linux", "stable", "unknown_version"),
        { name: "odd", version: "1.0" },
      ]),
    ).toBe(false);
    expect(service.requests).toHaveLength(0);
  });

  it("leaves the versions unknown when the service fails, never rejects, and asks again next time", async () => {
    const { service, previous, before } = lookups();
    const page = linux("120.0.6099.71", "119.0.6045.199");
    service.down = true;
    expect(await previous.lookUp("chrome", page)).toBe(false);
    expect(before("120.0.6099.71")).toBeUndefined();
    service.down = false;
    service.answer = { status: 500, body: "{}" };
    expect(await previous.lookUp("chrome", page)).toBe(false);
    service.answer = null;
    expect(await previous.lookUp("chrome", page)).toBe(true);
    expect(before("120.0.6099.71")).toBe("119.0.6045.199");
    expect(service.requests.map((r) => r.status)).toEqual([0, 500, 200]);
  });
});
