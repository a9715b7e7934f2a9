/** Properties of the release validator over generated valid bodies (fast-check). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateListBody } from "../../../../src/core/client/validate.ts";
import { formatRfc3339, parseRfc3339 } from "../../../../src/core/query/time.ts";

// The service's ids: a-z, 0-9 and _ (a version segment may have dots too).
const id = fc.stringMatching(/^[a-z0-9_]{1,12}$/);
const segment = fc.stringMatching(/^[a-z0-9_.]{1,12}$/);

// 2008..2099 in milliseconds, the years a release can be served in; the real service stamps 0 or 6
// fractional digits (test/fixtures/).
const timestamp = fc.integer({ min: 1_199_145_600_000, max: 4_102_444_799_000 }).chain((ms) =>
  fc.oneof(
    fc.constant(new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z")),
    fc.integer({ min: 0, max: 999 }).map((us) => formatRfc3339(ms * 1000 + us)),
  ),
);

const release = fc.record(
  {
    name: fc
      .tuple(id, id, id, segment, fc.nat())
      .map(([p, pl, c, v, r]) => `${p}/platforms/${pl}/channels/${c}/versions/${v}/releases/${r}`),
    version: fc
      .tuple(
        fc.integer({ min: 1, max: 999 }),
        fc.nat({ max: 99_999 }),
        fc.nat({ max: 99_999 }),
        fc.nat({ max: 99_999 }),
      )
      .map((parts) => parts.join(".")),
    // The end, when there is one, is not before the start (the two sorted).
    serving: fc.tuple(timestamp, fc.option(timestamp, { nil: undefined })).map(([a, b]) => {
      if (b === undefined) return { startTime: a };
      const [startTime, endTime] = [a, b].sort((x, y) => (parseRfc3339(x) ?? 0) - (parseRfc3339(y) ?? 0));
      return { startTime, endTime };
    }),
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
