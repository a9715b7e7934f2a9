// `npm ci` on the Node the README names (20) warns of no package: every installed package's `engines.node`
// admits the Node running the tests, as npm itself checks it (EBADENGINE).
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

interface Lock {
  readonly packages: Record<string, { readonly engines?: { readonly node?: string } | string[] }>;
}

describe("the installed packages", () => {
  it("all admit this Node, so npm ci warns of none", () => {
    const lock = JSON.parse(
      readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8"),
    ) as Lock;
    const refused = Object.entries(lock.packages)
      .map(([path, p]) => ({ path, node: Array.isArray(p.engines) ? undefined : p.engines?.node }))
      .filter((p) => p.node !== undefined && !semver.satisfies(process.version, p.node))
      .map((p) => `${p.path} wants node ${p.node}`);
    expect(refused).toEqual([]);
  });
});
