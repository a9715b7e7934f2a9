/**
 * filter and order_by through HTTP ("Filter results" / "Order results" in
 * https://developer.chrome.com/docs/web-platform/versionhistory/reference), including its examples.
 */
import { describe, expect, test } from "vitest";
import {
  ALL_RELEASES,
  getJson,
  names,
  release,
  short,
  startFixtureServer,
  fixtureServerForSuite,
} from "./service-fixture.ts";

const served = fixtureServerForSuite();

async function releases(query: string): Promise<string[]> {
  const { status, body } = await served.get(`${ALL_RELEASES}?${query}`);
  expect(status).toBe(200);
  return names(body).map(short);
}

describe("filter", () => {
  test("channel<=dev returns stable, beta and dev", async () => {
    const got = await releases(`filter=${encodeURIComponent("channel<=dev")}`);
    expect(new Set(got.map((s) => s.split("/")[1]))).toEqual(new Set(["stable", "beta", "dev"]));
    expect(got).toHaveLength(8);
  });

  test("version>80 means version>80.0.0.0", async () => {
    const got = await releases(`filter=${encodeURIComponent("version>80")}`);
    expect(got).toEqual(["win/beta/80.0.1.0", "win/dev/81.0.0.0", "win/canary/82.0.0.0"]);
  });

  test("versions compare field by field: 1.0.0.8 < 1.0.0.10", async () => {
    const got = await releases(`filter=${encodeURIComponent("version<1.0.0.10")}`);
    expect(got).toEqual(["win/stable/1.0.0.8"]);
  });

  test("endtime=none selects the live releases", async () => {
    const got = await releases("filter=endtime=none");
    expect(got).toEqual([
      "linux/stable/1.0.0.10",
      "win/stable/1.0.0.10",
      "win/beta/80.0.1.0",
      "win/dev/81.0.0.0",
      "win/canary/82.0.0.0",
      "zeta/stable/2.0.0.0",
    ]);
  });

  test("fraction=1 leaves out the half rollout", async () => {
    const got = await releases("filter=fraction=1");
    expect(got).not.toContain("win/beta/80.0.1.0");
    expect(got).toHaveLength(8);
  });

  test("starttime takes an RFC 3339 date and clauses are joined by AND", async () => {
    const got = await releases(
      `filter=${encodeURIComponent("starttime>=2024-01-08T00:00:00Z, platform=win")}`,
    );
    expect(got).toEqual(["win/stable/1.0.0.10", "win/stable/1.0.0.10", "win/canary/82.0.0.0"]);
  });

  test("the versions endpoint filters too", async () => {
    const { body } = await served.get(
      `/chrome/platforms/all/channels/all/versions?filter=${encodeURIComponent("version>=80")}`,
    );
    expect(names(body, "versions").map(short)).toEqual([
      "win/beta/80.0.1.0",
      "win/dev/81.0.0.0",
      "win/canary/82.0.0.0",
    ]);
  });

  test("a bad filter is 400 INVALID_ARGUMENT with the core's message naming clause and character", async () => {
    const { status, body } = await served.get(
      `${ALL_RELEASES}?filter=${encodeURIComponent("fraction=1,version>x")}`,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 400,
        message:
          'filter clause 2 at character 20: "x" is not a version; write dotted numbers such as 120 or 120.0.6099.71 (in "fraction=1,version>x")',
        status: "INVALID_ARGUMENT",
      },
    });
  });
});

describe("order_by", () => {
  test("order_by=starttime%20asc orders by start time", async () => {
    const { body } = await served.get(`${ALL_RELEASES}?order_by=starttime%20asc`);
    const starts = (body as { releases: { serving: { startTime: string } }[] }).releases.map((r) =>
      Date.parse(r.serving.startTime),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts).toHaveLength(9);
  });

  test("name desc is a string sort: 1.0.0.8 before 1.0.0.10", async () => {
    const got = await releases(
      `filter=${encodeURIComponent("platform=win,channel=stable")}&order_by=name%20desc`,
    );
    expect(got).toEqual(["win/stable/1.0.0.8", "win/stable/1.0.0.10", "win/stable/1.0.0.10"]);
  });

  test("channel order is distance from stable", async () => {
    const got = await releases("filter=platform=win&order_by=channel%20desc");
    expect(got.map((s) => s.split("/")[1])).toEqual([
      "canary",
      "dev",
      "beta",
      "beta",
      "stable",
      "stable",
      "stable",
    ]);
  });

  test("orderBy, the spelling Google's client libraries send, works the same", async () => {
    expect(await releases("orderBy=version%20desc")).toEqual(await releases("order_by=version%20desc"));
    expect((await releases("orderBy=version%20desc"))[0]).toBe("win/canary/82.0.0.0");
  });

  test("order_by and orderBy together with the same value are accepted", async () => {
    expect(await releases("orderBy=version&order_by=version")).toEqual(await releases("order_by=version"));
  });

  test("order_by and orderBy with different values are 400", async () => {
    const { status } = await served.get(`${ALL_RELEASES}?orderBy=version&order_by=name`);
    expect(status).toBe(400);
  });

  test("the versions endpoint orders too", async () => {
    const { body } = await served.get("/chrome/platforms/win/channels/all/versions?order_by=version%20asc");
    expect(names(body, "versions").map(short)).toEqual([
      "win/stable/1.0.0.8",
      "win/stable/1.0.0.10",
      "win/beta/79.0.0.0",
      "win/beta/80.0.1.0",
      "win/dev/81.0.0.0",
      "win/canary/82.0.0.0",
    ]);
  });

  test("a bad order_by is 400 naming the clause", async () => {
    const { status, body } = await served.get(
      `${ALL_RELEASES}?order_by=${encodeURIComponent("version sideways")}`,
    );
    expect(status).toBe(400);
    expect((body as { error: { message: string } }).error.message).toMatch(
      /^order_by clause 1 at character 9: expected asc or desc/,
    );
  });
});

describe("filter and order_by only where the reference allows them", () => {
  test.each([
    "/chrome/platforms?filter=x",
    "/chrome/platforms/all/channels?order_by=name",
    "/chrome/platforms/win/channels?orderBy=name",
  ])("%s is 400 with Google's unknown-name wording", async (path) => {
    const { status, body } = await served.get(path);
    expect(status).toBe(400);
    expect((body as { error: { message: string } }).error.message).toMatch(
      /^Invalid JSON payload received\. Unknown name "(filter|order_by|orderBy)"/,
    );
  });
});

test("an unpopulated endtime counts as 1970 for ordering", async () => {
  const local = await startFixtureServer([
    release("win", "stable", "1.0.0.1", "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z"),
    release("win", "stable", "1.0.0.2", "2024-01-02T00:00:00Z"),
  ]);
  try {
    const { body } = await getJson(local.url, `${ALL_RELEASES}?order_by=endtime%20asc`);
    expect(names(body).map(short)).toEqual(["win/stable/1.0.0.2", "win/stable/1.0.0.1"]);
  } finally {
    await local.close();
  }
});
