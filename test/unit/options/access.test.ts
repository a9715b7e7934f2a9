import { describe, expect, it } from "vitest";
import { accessPatternFor, requestAccess, type PermissionsLike } from "../../../src/options/access.ts";

/**
 * chrome.permissions with a person behind it: `granted` holds the origins the extension has, and `answer`
 * is what the person does when asked (or Chrome's refusal of a pattern outside the manifest).
 */
function fakePermissions(granted: string[], answer: "grant" | "deny" | Error) {
  const asked: string[][] = [];
  const permissions: PermissionsLike = {
    contains: ({ origins }) => Promise.resolve(origins.every((o) => granted.includes(o))),
    request: ({ origins }) => {
      asked.push(origins);
      if (answer instanceof Error) return Promise.reject(answer);
      if (answer === "grant") granted.push(...origins);
      return Promise.resolve(answer === "grant");
    },
  };
  return { permissions, asked, granted };
}

const DEFAULT = "https://versionhistory.googleapis.com/v1";

describe("accessPatternFor", () => {
  it("asks nothing for the default service's origin, whatever the path", () => {
    expect(accessPatternFor("https://versionhistory.googleapis.com/v2", DEFAULT)).toBeNull();
  });

  it("asks for exactly the origin of another service", () => {
    expect(accessPatternFor("https://mirror.example.org/api/v1", DEFAULT)).toBe(
      "https://mirror.example.org/*",
    );
  });

  it("keeps the port, so the grant is no wider than the origin", () => {
    expect(accessPatternFor("https://mirror.example.org:8443/v1", DEFAULT)).toBe(
      "https://mirror.example.org:8443/*",
    );
  });

  it("treats the same host on another port as another origin", () => {
    expect(accessPatternFor("http://127.0.0.1:9000/v1", "http://127.0.0.1:8787/v1")).toBe(
      "http://127.0.0.1:9000/*",
    );
  });
});

describe("requestAccess", () => {
  it("asks nothing when the origin is already granted", async () => {
    const { permissions, asked } = fakePermissions(["https://mirror.example.org/*"], "deny");
    expect(await requestAccess(permissions, "https://mirror.example.org/*")).toEqual({ kind: "held" });
    expect(asked).toEqual([]);
  });

  it("asks for the one origin and reports a grant", async () => {
    const { permissions, asked, granted } = fakePermissions([], "grant");
    expect(await requestAccess(permissions, "https://mirror.example.org/*")).toEqual({ kind: "granted" });
    expect(asked).toEqual([["https://mirror.example.org/*"]]);
    expect(granted).toEqual(["https://mirror.example.org/*"]);
  });

  it("reports a refusal", async () => {
    const { permissions } = fakePermissions([], "deny");
    expect(await requestAccess(permissions, "https://mirror.example.org/*")).toEqual({
      kind: "refused",
      reason: "access was not granted",
    });
  });

  it("reports Chrome's rejection of a pattern outside the manifest as a refusal with its message", async () => {
    const chromeSays = new Error("Only permissions specified in the manifest may be requested.");
    const { permissions } = fakePermissions([], chromeSays);
    expect(await requestAccess(permissions, "http://[::1]:8787/*")).toEqual({
      kind: "refused",
      reason: chromeSays.message,
    });
  });
});
