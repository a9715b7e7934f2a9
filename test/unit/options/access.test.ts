import { describe, expect, it } from "vitest";
import { accessPatternFor, requestAccess } from "../../../src/options/access.ts";
import { fakePermissions } from "../../fakes/permissions.ts";

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

  it("names the host without its port, which Firefox requires and Chromium reads as every port", () => {
    expect(accessPatternFor("https://mirror.example.org:8443/v1", DEFAULT)).toBe(
      "https://mirror.example.org/*",
    );
    expect(accessPatternFor("http://[::1]:8787/v1", DEFAULT)).toBe("http://[::1]/*");
  });

  it("treats the same host on another port as another origin", () => {
    expect(accessPatternFor("http://127.0.0.1:9000/v1", "http://127.0.0.1:8787/v1")).toBe(
      "http://127.0.0.1/*",
    );
  });
});

describe("requestAccess", () => {
  it("asks nothing when the origin is already granted", async () => {
    const { permissions, asked, inHandler } = fakePermissions(["https://mirror.example.org/*"], "deny");
    expect(await inHandler(() => requestAccess(permissions, "https://mirror.example.org/*"))).toEqual({
      kind: "held",
    });
    expect(asked).toEqual([]);
  });

  it("asks for the one origin and reports a grant", async () => {
    const { permissions, asked, granted, inHandler } = fakePermissions([], "grant");
    expect(await inHandler(() => requestAccess(permissions, "https://mirror.example.org/*"))).toEqual({
      kind: "granted",
    });
    expect(asked).toEqual([["https://mirror.example.org/*"]]);
    expect(granted).toEqual(["https://mirror.example.org/*"]);
  });

  it("asks before its first await, so the request is inside the input handler (Firefox's rule)", async () => {
    const { permissions, asked, inHandler } = fakePermissions([], "grant");
    // The fake enforces the rule: a request made after an await is refused, as the next case shows.
    const late = await inHandler(async () => {
      await Promise.resolve();
      return requestAccess(permissions, "https://late.example.org/*");
    });
    expect(late).toEqual({
      kind: "refused",
      reason: "permissions.request may only be called from a user input handler",
    });
    await inHandler(() => requestAccess(permissions, "https://mirror.example.org/*"));
    expect(asked).toEqual([["https://mirror.example.org/*"]]);
  });

  it("reports a refusal", async () => {
    const { permissions, inHandler } = fakePermissions([], "deny");
    expect(await inHandler(() => requestAccess(permissions, "https://mirror.example.org/*"))).toEqual({
      kind: "refused",
      reason: "access was not granted",
    });
  });

  it("reports the browser's rejection of a pattern outside the manifest as a refusal with its message", async () => {
    const chromeSays = new Error("Only permissions specified in the manifest may be requested.");
    const { permissions, inHandler } = fakePermissions([], chromeSays);
    expect(await inHandler(() => requestAccess(permissions, "http://[::1]/*"))).toEqual({
      kind: "refused",
      reason: chromeSays.message,
    });
  });
});
