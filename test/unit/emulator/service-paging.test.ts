/**
 * pageSize / pageToken / nextPageToken over HTTP (both spellings occur in the recorded real responses in
 * test/fixtures/; "" on the last page).
 */
import { describe, expect, test } from "vitest";
import {
  ALL_RELEASES,
  getJson,
  names,
  release,
  startFixtureServer,
  fixtureServerForSuite,
} from "./service-fixture.ts";

const served = fixtureServerForSuite();

interface ListBody {
  releases: { name: string }[];
  nextPageToken: string;
}

async function page(query: string): Promise<ListBody> {
  const { status, body } = await served.get(`${ALL_RELEASES}?${query}`);
  expect(status).toBe(200);
  return body as ListBody;
}

async function allPages(query: string, size: number): Promise<{ names: string[]; pages: number }> {
  const out: string[] = [];
  let token = "";
  let pages = 0;
  do {
    const body = await page(
      `${query}&pageSize=${size}${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`,
    );
    out.push(...names(body));
    token = body.nextPageToken;
    pages++;
  } while (token);
  return { names: out, pages };
}

test("paging with pageSize 2 collects every record exactly once, in order", async () => {
  const whole = names(await page("order_by=starttime%20desc"));
  const paged = await allPages("order_by=starttime%20desc", 2);
  expect(paged.pages).toBe(5);
  expect(paged.names).toEqual(whole);
  expect(new Set(paged.names).size).toBe(9);
});

test("the last page has nextPageToken set to the empty string", async () => {
  const body = await page("pageSize=1000");
  expect(body.nextPageToken).toBe("");
});

test("page_size and page_token spellings work like pageSize and pageToken", async () => {
  const first = await page("filter=endtime=none&page_size=4");
  expect(first.releases).toHaveLength(4);
  const second = await page(`filter=endtime=none&page_size=4&page_token=${first.nextPageToken}`);
  expect(second.releases).toHaveLength(2);
  expect(second.nextPageToken).toBe("");
});

test("a token still works when the filter is written differently but means the same", async () => {
  const first = await page(`filter=${encodeURIComponent("endtime=none")}&pageSize=3`);
  const next = await page(
    `filter=${encodeURIComponent(" endtime = none ")}&pageSize=3&pageToken=${first.nextPageToken}`,
  );
  expect(next.releases).toHaveLength(3);
});

test("the page size may change between pages", async () => {
  const first = await page("pageSize=2");
  const rest = await page(`pageSize=100&pageToken=${first.nextPageToken}`);
  expect([...names(first), ...names(rest)]).toEqual(names(await page("")));
});

test("the platforms endpoint pages too", async () => {
  const { body } = await served.get("/chrome/platforms?pageSize=2");
  const first = body as { platforms: unknown[]; nextPageToken: string };
  expect(first.platforms).toHaveLength(2);
  const rest = await served.get(`/chrome/platforms?pageToken=${first.nextPageToken}`);
  expect(rest.body).toEqual({
    platforms: [{ name: "chrome/platforms/zeta", platformType: "ZETA" }],
    nextPageToken: "",
  });
});

describe("page size", () => {
  test("5000 is clamped to 1000", async () => {
    const many = Array.from({ length: 1200 }, (_, i) =>
      release("win", "stable", `1.0.0.${i}`, new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()),
    );
    const local = await startFixtureServer(many);
    try {
      const first = (await getJson(local.url, `${ALL_RELEASES}?pageSize=5000`)).body as ListBody;
      expect(first.releases).toHaveLength(1000);
      expect(first.nextPageToken).not.toBe("");
      const rest = (
        await getJson(local.url, `${ALL_RELEASES}?pageSize=5000&pageToken=${first.nextPageToken}`)
      ).body as ListBody;
      expect(rest.releases).toHaveLength(200);
      expect(rest.nextPageToken).toBe("");
      // No pageSize at all: the same default of 1000.
      expect(((await getJson(local.url, ALL_RELEASES)).body as ListBody).releases).toHaveLength(1000);
    } finally {
      await local.close();
    }
  });

  test("0 means the default", async () => {
    expect((await page("pageSize=0")).releases).toHaveLength(9);
  });

  test("a negative page size is 400", async () => {
    const { status, body } = await served.get(`${ALL_RELEASES}?pageSize=-1`);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: { code: 400, message: "page_size must not be negative, found -1", status: "INVALID_ARGUMENT" },
    });
  });

  test.each(["2.5", "ten", "", "99999999999"])(
    "page size %j is 400 in Google's type-error wording",
    async (size) => {
      const { status, body } = await served.get(`${ALL_RELEASES}?pageSize=${size}`);
      expect(status).toBe(400);
      expect((body as { error: { message: string } }).error.message).toBe(
        `Invalid value at 'page_size' (TYPE_INT32), "${size}"`,
      );
    },
  );
});

describe("page tokens", () => {
  test("a token from a different query is 400 invalid page token", async () => {
    const { nextPageToken } = await page("filter=endtime=none&pageSize=2");
    const { status, body } = await served.get(
      `${ALL_RELEASES}?filter=fraction=1&pageSize=2&pageToken=${nextPageToken}`,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    expect((body as { error: { message: string } }).error.message).toMatch(
      /^invalid page token: it belongs to a different query/,
    );
  });

  test("a token from another path is 400", async () => {
    const { nextPageToken } = await page("pageSize=2");
    const { status } = await served.get(
      `/chrome/platforms/win/channels/all/versions/all/releases?pageSize=2&pageToken=${nextPageToken}`,
    );
    expect(status).toBe(400);
  });

  test.each(["garbage", "eyJvIjoxfQ", "!!!", Buffer.from('{"o":1e9,"q":"x"}').toString("base64url")])(
    "garbage token %j is 400 invalid page token",
    async (token) => {
      const { status, body } = await served.get(`${ALL_RELEASES}?pageToken=${encodeURIComponent(token)}`);
      expect(status).toBe(400);
      expect((body as { error: { message: string } }).error.message).toMatch(/^invalid page token/);
    },
  );

  test("an empty token is the first page", async () => {
    expect(names(await page("pageToken="))).toEqual(names(await page("")));
  });
});
