import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "../../../src/shared/store/settings.ts";
import {
  changedSettings,
  badgeTextChoices,
  clickActionChoices,
  fieldError,
  followedScheduleUrl,
  formErrors,
  formService,
  readForm,
  sameFormValues,
  toFormValues,
  type FormValues,
} from "../../../src/options/form.ts";

const custom: Settings = {
  baseUrl: "http://127.0.0.1:8787/v1",
  product: "browser",
  platform: "mac_arm64",
  channel: "dev",
  pollMinutes: 5,
  clickAction: "refresh",
  focusMode: true,
  notify: false,
  scheduleUrl: "http://127.0.0.1:8787",
  badgeText: "share",
  usageRegion: null,
  usageUpdates: false,
};

const values = (patch: Partial<FormValues> = {}): FormValues => ({
  ...toFormValues(DEFAULT_SETTINGS),
  ...patch,
});

describe("settings <-> form values", () => {
  it("shows the poll interval as text for the number box", () => {
    expect(toFormValues(custom)).toEqual({ ...custom, pollMinutes: "5", usageRegion: "" });
  });

  it.each([
    ["the defaults", DEFAULT_SETTINGS],
    ["custom settings", custom],
  ])("reads %s back unchanged", (_name, settings) => {
    expect(readForm(toFormValues(settings))).toEqual({ ok: true, settings });
  });

  it("reads the base URL normalized, as it will be stored", () => {
    const reading = readForm(values({ baseUrl: "https://mirror.example.org/v1/" }));
    expect(reading.ok && reading.settings.baseUrl).toBe("https://mirror.example.org/v1");
  });

  it("reads the number box's text as a number", () => {
    const reading = readForm(values({ pollMinutes: " 15 " }));
    expect(reading.ok && reading.settings.pollMinutes).toBe(15);
  });

  it("gives every field's error, and no settings, when fields are invalid", () => {
    expect(readForm(values({ baseUrl: "http://example.com/v1", pollMinutes: "0" }))).toEqual({
      ok: false,
      errors: {
        baseUrl: "Plain http is only allowed to a loopback address (127.0.0.1 or [::1]); use https.",
        pollMinutes: "Must be a whole number of minutes from 1 to 1440.",
      },
    });
  });

  it("shows a schedule the person did not set as an empty box, and reads an empty box back as not set", () => {
    expect(toFormValues(DEFAULT_SETTINGS).scheduleUrl).toBe("");
    const reading = readForm(values({ scheduleUrl: "  " }));
    expect(reading.ok && reading.settings.scheduleUrl).toBeNull();
    expect(fieldError("scheduleUrl", values({ scheduleUrl: "" }))).toBeNull();
  });

  it("says which schedule an empty box stands for: the one of the service the form names", () => {
    expect(followedScheduleUrl(values(), DEFAULT_SETTINGS)).toBe("https://chromiumdash.appspot.com");
    expect(followedScheduleUrl(values({ baseUrl: "https://mirror.example.org/v1" }), DEFAULT_SETTINGS)).toBe(
      "https://mirror.example.org",
    );
    // While the box holds no valid address, the saved service's.
    expect(followedScheduleUrl(values({ baseUrl: "https://mirror" }), custom)).toBe("http://127.0.0.1:8787");
  });

  it("names the service of the form's base URL, normalized, or the saved one while it is not valid", () => {
    expect(
      formService(values({ baseUrl: "https://mirror.example.org/v1/", product: "webview" }), custom),
    ).toEqual({
      baseUrl: "https://mirror.example.org/v1",
      product: "webview",
    });
    expect(formService(values({ baseUrl: "https://mirror" }), custom)).toEqual({
      baseUrl: custom.baseUrl,
      product: DEFAULT_SETTINGS.product,
    });
  });

  it("tells form values apart from the ones the form was filled with", () => {
    expect(sameFormValues(values(), toFormValues(DEFAULT_SETTINGS))).toBe(true);
    expect(sameFormValues(values({ notify: false }), toFormValues(DEFAULT_SETTINGS))).toBe(false);
  });
});

describe("fieldError", () => {
  it("asks for a base URL when the box is empty", () => {
    expect(fieldError("baseUrl", values({ baseUrl: "  " }))).toMatch(/^Enter the service's base URL/);
  });

  it("says why a base URL is refused", () => {
    expect(fieldError("baseUrl", values({ baseUrl: "versionhistory.googleapis.com" }))).toBe(
      "Not an absolute URL.",
    );
  });

  it.each([
    ["a space in the host", "https://ex ample.com/v1", "Must not contain spaces."],
    [
      "no /v1",
      "https://versionhistory.googleapis.com",
      "Must end in /v1, the version of the service's API: try https://versionhistory.googleapis.com/v1.",
    ],
    [
      "another version",
      "https://mirror.example.org/api/v2/",
      "Must end in /v1, the version of the service's API: try https://mirror.example.org/api/v1.",
    ],
  ])("refuses a base URL with %s, saying why", (_what, baseUrl, error) => {
    expect(fieldError("baseUrl", values({ baseUrl }))).toBe(error);
  });

  it("refuses a base URL of 5,000 characters, quoting only its start", () => {
    const error = fieldError("baseUrl", values({ baseUrl: `https://example.com/${"a".repeat(4980)}` }));
    expect(error).toBe(
      'Is 5000 characters long, more than the 256 an address may have (it starts "https://example.com/aaaaaaaaaaaaaaaaaaa…").',
    );
  });

  it("accepts an https base URL", () => {
    expect(fieldError("baseUrl", values({ baseUrl: "https://mirror.example.org/v1" }))).toBeNull();
  });

  it("asks for a number when the poll box is empty (rather than reading it as 0)", () => {
    expect(fieldError("pollMinutes", values({ pollMinutes: "" }))).toBe(
      "Enter a whole number of minutes from 1 to 1440.",
    );
  });

  it.each(["0", "1441", "-5", "abc", "2.5"])("refuses %j minutes", (text) => {
    expect(fieldError("pollMinutes", values({ pollMinutes: text }))).toBe(
      "Must be a whole number of minutes from 1 to 1440.",
    );
  });

  it.each(["1", "1440", " 15 "])("accepts %j minutes", (text) => {
    expect(fieldError("pollMinutes", values({ pollMinutes: text }))).toBeNull();
  });

  it("checks only the field it is asked about", () => {
    expect(fieldError("channel", values({ pollMinutes: "0" }))).toBeNull();
  });

  it("finds no errors in the defaults", () => {
    expect(formErrors(values())).toEqual({});
  });
});

describe("changedSettings", () => {
  it("is empty when nothing changed", () => {
    expect(changedSettings(custom, { ...custom })).toEqual({});
  });

  it("holds only the fields that differ, with their new values", () => {
    expect(
      changedSettings(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, channel: "beta", notify: false }),
    ).toEqual({
      channel: "beta",
      notify: false,
    });
  });
});

describe("choices of the options page", () => {
  it("offers the three click actions", () => {
    expect(clickActionChoices().map((c) => c.value)).toEqual(["popup", "refresh", "open-notes"]);
  });

  it("offers the badge's two texts, the milestone first (the default)", () => {
    expect(badgeTextChoices().map((c) => c.value)).toEqual(["milestone", "share"]);
  });
});
