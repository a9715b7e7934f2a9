/** The worker's read of features.json: once per worker life, bounded, checked, and a failure not kept. */
import { describe, expect, it } from "vitest";
import { createAssetLoader, MAX_ASSET_BYTES } from "../../../../src/shared/answers/features-file.ts";
import { realAsset } from "./fixtures.ts";

const URL_ = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/features.json";

function counting(answer: () => Promise<Response>) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    asked.push(input instanceof Request ? input.url : input.toString());
    return answer();
  };
  return { asked, fetch };
}

describe("createAssetLoader", () => {
  it("reads the asset on the first call and never again", async () => {
    const { asked, fetch } = counting(() => Promise.resolve(Response.json(realAsset())));
    const load = createAssetLoader({ fetch, url: URL_ });
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(a.identity.webFeatures).toBe("3.40.0");
    expect(asked).toEqual([URL_]);
  });

  it("a failed read says why and is not kept: the next call reads again", async () => {
    let status = 404;
    const { asked, fetch } = counting(() =>
      Promise.resolve(status === 200 ? Response.json(realAsset()) : new Response("", { status })),
    );
    const load = createAssetLoader({ fetch, url: URL_ });
    // The whole message, said once (toThrow with a string would accept it wrapped twice).
    await expect(load()).rejects.toHaveProperty(
      "message",
      `Release Radar could not read its features data (${URL_}): HTTP 404`,
    );
    status = 200;
    expect((await load()).features.length).toBeGreaterThan(1000);
    expect(asked).toHaveLength(2);
  });

  it("refuses what is not JSON, not an asset, or too large, naming the problem", async () => {
    const loadOf = (body: string) =>
      createAssetLoader({ fetch: counting(() => Promise.resolve(new Response(body))).fetch, url: URL_ })();
    await expect(loadOf("<html>")).rejects.toThrow(/: not JSON$/);
    await expect(loadOf(JSON.stringify({ format: 1 }))).rejects.toThrow(
      /: features.json is not a features asset of format 2: format is 1$/,
    );
    await expect(loadOf(" ".repeat(MAX_ASSET_BYTES + 1))).rejects.toThrow(
      new RegExp(`: more than ${MAX_ASSET_BYTES} bytes$`),
    );
  });

  it("gives up a read that does not answer in time", async () => {
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason as Error));
      })) as typeof globalThis.fetch;
    await expect(createAssetLoader({ fetch, url: URL_, timeoutMs: 5 })()).rejects.toThrow(
      /could not read its features data .*: .*(timed out|timeout)/i,
    );
  });
});
