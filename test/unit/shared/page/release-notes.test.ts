import { describe, expect, it } from "vitest";
import { releaseNotesUrl } from "../../../../src/shared/page/release-notes.ts";

describe("releaseNotesUrl", () => {
  it("is Chrome's release notes page of the milestone", () => {
    expect(releaseNotesUrl(153)).toBe("https://developer.chrome.com/release-notes/153");
  });
});
