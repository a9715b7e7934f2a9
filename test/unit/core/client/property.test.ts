/** Properties of the release validator over generated valid bodies (fast-check). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateListBody } from "../../../../src/core/client/validate.ts";
import { formatRfc3339 } from "../../../../src/core/query/time.ts";

const id = fc.stringMatching(/^[a-z0-9_.]{1,12}$/);

// 1970..2200 in microseconds; the real service stamps 0 or 6 fractional digits (test/fixtures/).
const timestamp = fc.integer({ min: 0, max: 7_258_118_400_000 }).chain((ms) =>
  fc.oneof(
    fc.constant(new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z")),
    fc.integer({ min: 0, max: 999 }).map((us) => formatRfc3339(ms * 1000 + us)),
  ),
);

const release = fc.record(
  {
    name: fc
      .tuple(id, id, id, id, fc.nat())
      .map(([p, pl, c, v, r]) => `${p}/platforms/${pl}/channels/${c}/versions/${v}/releases/${r}`),
    version: fc.stringMatching(/^[\x21-\x7E]{1,20}$/),
    serving: fc.record({ startTime: timestamp, endTime: timestamp }, { requiredKeys: ["startTime"] }),
    // `+ 0` turns -0 into 0: JSON has no negative zero.
    fraction: fc.double({ min: 0, max: 1, noNaN: true }).map((f) => f + 0),
    fractionGroup: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map(String),
    pinnable: fc.boolean(),
    rolloutData: fc.array(
      fc.record({ rolloutName: fc.string(), tag: fc.array(fc.string(), { maxLength: 3 }) }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ["name", "version", "serving", "fraction"] },
);

describe("validateRelease on generated valid releases", () => {
  it("accepts every generated body and returns its releases unchanged", () => {
    fc.assert(
      fc.property(
        fc.array(release, { maxLength: 5 }),
        fc.option(fc.string(), { nil: undefined }),
        (releases, token) => {
          const body = JSON.parse(JSON.stringify({ releases, nextPageToken: token })) as unknown;
          const result = validateListBody(body, "releases");
          expect(result.items).toEqual(releases);
          expect(result.nextPageToken).toBe(token ?? "");
        },
      ),
    );
  });

  it("ignores unknown extra fields without copying them", () => {
    fc.assert(
      fc.property(
        release,
        fc.dictionary(fc.stringMatching(/^x[A-Za-z]{1,8}$/), fc.jsonValue()),
        (r, extra) => {
          const result = validateListBody({ releases: [{ ...extra, ...r }] }, "releases");
          expect(result.items).toEqual([r]);
        },
      ),
    );
  });

  it("reads a release whose zero fraction was omitted as fraction 0", () => {
    fc.assert(
      fc.property(release, (r) => {
        const result = validateListBody({ releases: [{ ...r, fraction: undefined }] }, "releases");
        expect(result.items[0]?.fraction).toBe(0);
      }),
    );
  });
});
