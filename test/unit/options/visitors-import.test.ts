// A stats file picked in options: read, checked, and refused with the path of its first wrong value.
import { describe, expect, it } from "vitest";
import { readPicked } from "../../../src/options/visitors-import.ts";

const NOW = Date.UTC(2026, 10, 28);
const file = (name: string, text: string) => ({ name, size: text.length, text: () => Promise.resolve(text) });

describe("a picked stats file", () => {
  it("is read as the person's visitors, its `0` versions as the current ones", async () => {
    const read = await readPicked(
      file("stats.json", '{"chrome":{"154":60},"and_chr":{"0":30}}'),
      { and_chr: "154" },
      NOW,
    );
    expect(read).toEqual({
      ok: true,
      visitors: {
        file: "stats.json",
        importedAt: NOW,
        table: {
          kind: "visitors",
          id: "visitors",
          name: "your visitors",
          month: "",
          agents: { chrome: { "154": 60 }, and_chr: { "154": 30 } },
        },
      },
    });
  });

  it("is refused with the path of its first wrong value", async () => {
    expect(await readPicked(file("ga.json", '{"chrome":{"154":"60%"}}'), {}, NOW)).toEqual({
      ok: false,
      reason: '$.chrome["154"]: must be a share from 0 to 100, or null',
    });
  });

  it("is refused when it is not JSON, or too large to be a stats file", async () => {
    expect(await readPicked(file("a.csv", "chrome,154,60"), {}, NOW)).toMatchObject({
      ok: false,
      reason: /^it is not JSON/,
    });
    const big = { name: "huge.json", size: 10_000_000, text: () => Promise.reject(new Error("not read")) };
    expect(await readPicked(big, {}, NOW)).toEqual({
      ok: false,
      reason: "it is 10,000,000 bytes; a stats file is at most 524,288",
    });
  });
});
