import { describe, expect, it } from "vitest";
import { accessPatternFor, requestAccess, type PermissionsLike } from "../../../src/options/access.ts";

/**
 * `permissions` with a person behind it: `granted` holds the origins the extension has, and `answer` is
 * what the person does when asked (or the browser's refusal of a pattern outside the manifest). As Firefox
 * does, `request` is refused unless called synchronously inside the user's input handler (`inHandler`);
 * a request for origins already held is granted at once, without asking.
 */
function fakePermissions(granted: string[], answer: "grant" | "deny" | Error) {
  const asked: string[][] = [];
  let handling = false;
  const holds = (origins: string[]) => origins.every((o) => granted.includes(o));
  const permissions: PermissionsLike = {
    contains: ({ origins }) => Promise.resolve(holds(origins)),
    request: ({ origins }) => {
      if (!handling) {
        return Promise.reject(new Error("permissions.request may only be called from a user input handler"));
      }
      if (holds(origins)) return Promise.resolve(true);
      asked.push(origins);
      if (answer instanceof Error) return Promise.reject(answer);
      if (answer === "grant") granted.push(...origins);
      return Promise.resolve(answer === "grant");
    },
  };
  /** Runs `handler` as the browser runs a click or submit listener: input handling lasts while it runs. */
  function inHandler<T>(handler: () => T): T {
    handling = true;
    try {
      return handler();
    } finally {
      handling = false;
    }
  }
  return { permissions, asked, granted, inHandler };
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
