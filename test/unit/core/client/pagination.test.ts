/**
 * List methods follow nextPageToken (AIP-158 and test/fixtures/: pageToken in, nextPageToken out, "" on the
 * last page).
 */
import { describe, expect, it } from "vitest";
import { createClient, HttpError } from "../../../../src/core/client/index.ts";
import { BASE, fakeFetch, json, release } from "../../../fakes/fetch.ts";

function version(v: string) {
  return { name: `chrome/platforms/win/channels/stable/versions/${v}`, version: v };
}

/** Pages answered in order; the token of page i is `t<i>`. */
function paged(pages: readonly unknown[]) {
  return fakeFetch((req) => {
    const token = new URL(req.url).searchParams.get("pageToken");
    const index = token === null ? 0 : Number(token.slice(1));
    return json(pages[index]);
  });
}

describe("pagination", () => {
  it("follows nextPageToken and concatenates the pages", async () => {
    const fake = paged([
      { versions: [version("3.0.0.0")], nextPageToken: "t1" },
      { versions: [version("2.0.0.0")], nextPageToken: "t2" },
      { versions: [version("1.0.0.0")], nextPageToken: "" },
    ]);
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const result = await client.versions({ platform: "win", channel: "stable" });
    expect(result.items.map((v) => v.version)).toEqual(["3.0.0.0", "2.0.0.0", "1.0.0.0"]);
    expect(result.requests).toBe(3);
    expect(result.truncated).toBe(false);
    expect(fake.requests.map((r) => new URL(r.url).searchParams.get("pageToken"))).toEqual([
      null,
      "t1",
      "t2",
    ]);
  });

  it("keeps filter and order_by on every page", async () => {
    const fake = paged([
      { releases: [release()], nextPageToken: "t1" },
      { releases: [], nextPageToken: "" },
    ]);
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    await client.releases({ filter: "endtime=none", orderBy: "starttime desc" });
    for (const r of fake.requests) {
      expect(new URL(r.url).searchParams.get("filter")).toBe("endtime=none");
      expect(new URL(r.url).searchParams.get("order_by")).toBe("starttime desc");
    }
  });

  it("stops when nextPageToken is the empty string", async () => {
    const fake = paged([{ releases: [release()], nextPageToken: "" }]);
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const result = await client.releases();
    expect(result.requests).toBe(1);
    expect(result.items).toHaveLength(1);
  });

  it("stops when nextPageToken is absent", async () => {
    const fake = paged([{ releases: [release()] }]);
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const result = await client.releases();
    expect(result.requests).toBe(1);
    expect(result.truncated).toBe(false);
  });

  it("stops at maxPages and reports truncated with what it has", async () => {
    const fake = fakeFetch((_req, i) =>
      json({ versions: [version(`${i}.0.0.0`)], nextPageToken: `t${i + 1}` }),
    );
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch, maxPages: 3 });
    const result = await client.versions();
    expect(result.truncated).toBe(true);
    expect(result.requests).toBe(3);
    expect(result.items.map((v) => v.version)).toEqual(["0.0.0.0", "1.0.0.0", "2.0.0.0"]);
    expect(fake.requests).toHaveLength(3);
  });

  it("defaults maxPages to 20", async () => {
    const fake = fakeFetch((_req, i) => json({ versions: [], nextPageToken: `t${i + 1}` }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const result = await client.versions();
    expect(result.requests).toBe(20);
    expect(result.truncated).toBe(true);
  });

  it("stamps fetchedAt with now() after the last page", async () => {
    let clock = 1000;
    const fake = fakeFetch((_req, i) => {
      clock += 100;
      return json({ platforms: [], nextPageToken: i === 0 ? "t1" : "" });
    });
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch, now: () => clock });
    const result = await client.platforms();
    expect(result.fetchedAt).toBe(1200);
  });

  it("follows tokens on the channels endpoint too", async () => {
    const channel = (c: string) => ({
      name: `chrome/platforms/win/channels/${c}`,
      channelType: c.toUpperCase(),
    });
    const fake = paged([
      { channels: [channel("stable")], nextPageToken: "t1" },
      { channels: [channel("beta")] },
    ]);
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const result = await client.channels("win");
    expect(result.items.map((c) => c.channelType)).toEqual(["STABLE", "BETA"]);
  });
});

describe("single pages and conditional requests", () => {
  it("returns one page with its nextPageToken, ETag and URL", async () => {
    const fake = fakeFetch(() =>
      json({ releases: [release()], nextPageToken: "t1" }, { headers: { ETag: '"v1"' } }),
    );
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch, now: () => 42 });
    const page = await client.releasesPage({ platform: "win64", channel: "stable" });
    expect(page).toEqual({
      status: "ok",
      items: [release()],
      nextPageToken: "t1",
      etag: '"v1"',
      url: `${BASE}/chrome/platforms/win64/channels/stable/versions/all/releases`,
      fetchedAt: 42,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("normalises an absent nextPageToken to the empty string", async () => {
    const fake = fakeFetch(() => json({ versions: [] }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const page = await client.versionsPage();
    expect(page.status === "ok" && page.nextPageToken).toBe("");
  });

  it("sends If-None-Match and reports 304 as not-modified", async () => {
    const fake = fakeFetch(() => new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch, now: () => 7 });
    const page = await client.versionsPage({ platform: "win", channel: "stable", ifNoneMatch: '"v1"' });
    expect(fake.requests[0]?.headers.get("If-None-Match")).toBe('"v1"');
    expect(page).toEqual({
      status: "not-modified",
      etag: '"v1"',
      url: `${BASE}/chrome/platforms/win/channels/stable/versions`,
      fetchedAt: 7,
    });
  });

  it("keeps the caller's ETag when a 304 carries none", async () => {
    const fake = fakeFetch(() => new Response(null, { status: 304 }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    const page = await client.releasesPage({ ifNoneMatch: 'W/"abc"' });
    expect(page).toMatchObject({ status: "not-modified", etag: 'W/"abc"' });
  });

  it("sends no If-None-Match unless asked", async () => {
    const fake = fakeFetch(() => json({ releases: [] }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    await client.releasesPage();
    expect(fake.requests[0]?.headers.has("If-None-Match")).toBe(false);
  });

  it("treats a 304 to an unconditional request as an HttpError", async () => {
    const fake = fakeFetch(() => new Response(null, { status: 304 }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: fake.fetch });
    await expect(client.releases()).rejects.toBeInstanceOf(HttpError);
  });
});
