// Hints for platform= and channel= clauses the service will answer with nothing, from the ids it listed.
import { describe, expect, it } from "vitest";
import { KNOWN_CHANNELS, KNOWN_PLATFORMS } from "../../../../src/core/catalog.ts";
import { parseFilter } from "../../../../src/core/query/index.ts";
import { idHints, type KnownIds } from "../../../../src/popup/explorer/id-hints.ts";

const known: KnownIds = { platforms: KNOWN_PLATFORMS, channels: ["stable", "beta", "dev", "canary"] };
const hints = (text: string, ids: KnownIds = known): string[] => idHints(parseFilter(text, "releases"), ids);

describe("idHints", () => {
  it("says nothing about ids the service has, or other fields", () => {
    expect(hints("platform=win64,channel=beta,name=windows,version>=120")).toEqual([]);
    expect(hints("")).toEqual([]);
  });

  it("suggests ids by their label and by prefix: windows is win64's label and starts with win", () => {
    expect(hints("platform=windows")).toEqual([
      'No platform is called "windows"; did you mean win64, win or win_arm64?',
    ]);
    expect(hints("platform=windows", { platforms: ["win", "win64", "mac"] })).toEqual([
      'No platform is called "windows"; did you mean win64 or win?',
    ]);
  });

  it("suggests the id a letter of another script or another case stands for", () => {
    expect(hints("platform=wïn64")).toEqual(['No platform is called "wïn64"; did you mean win64?']);
    expect(hints("platform=WIN64")).toEqual(['No platform is called "WIN64"; did you mean win64?']);
    expect(hints("platform=win-arm64")).toEqual([
      'No platform is called "win-arm64"; did you mean win_arm64?',
    ]);
  });

  it("suggests ids containing what was typed, at most three", () => {
    expect(hints("platform=arm64")).toEqual([
      'No platform is called "arm64"; did you mean win_arm64, mac_arm64 or lacros_arm64?',
    ]);
    expect(hints("platform=mac_arm")).toEqual([
      'No platform is called "mac_arm"; did you mean mac_arm64 or mac?',
    ]);
  });

  it("suggests ids a typing mistake or two away", () => {
    expect(hints("platform=linxu")).toEqual(['No platform is called "linxu"; did you mean linux?']);
    expect(hints("platform=andriod")).toEqual(['No platform is called "andriod"; did you mean android?']);
  });

  it("lists the service's ids when none is close, at most eight", () => {
    expect(hints("platform=x")).toEqual([
      'No platform is called "x"; the service has: win, win64, win_arm64, mac, mac_arm64, linux, android, webview, …',
    ]);
    expect(hints("platform=x", { platforms: ["win", "mac"] })).toEqual([
      'No platform is called "x"; the service has: win, mac',
    ]);
  });

  it("hints at a channel the catalog knows but the service did not list", () => {
    expect(hints("channel=extended")).toEqual([
      'No channel is called "extended"; the service has: stable, beta, dev, canary',
    ]);
    expect(hints("channel=canary_asan")).toEqual([
      'No channel is called "canary_asan"; did you mean canary?',
    ]);
  });

  it("looks only at `=`: the other operators compare, and match ids other than the one written", () => {
    expect(hints("channel<=extended,platform>windows")).toEqual([]);
  });

  it("gives one hint per value, in the order of the clauses", () => {
    expect(hints("platform=linxu,channel=lts,platform=linxu")).toEqual([
      'No platform is called "linxu"; did you mean linux?',
      'No channel is called "lts"; the service has: stable, beta, dev, canary',
    ]);
  });

  it("says nothing of a kind whose ids are not known yet", () => {
    expect(hints("platform=windows,channel=lts", {})).toEqual([]);
    expect(hints("platform=windows,channel=lts", { platforms: [], channels: [] })).toEqual([]);
    expect(hints("platform=windows,channel=lts", { channels: KNOWN_CHANNELS })).toEqual([]);
  });

  it("quotes at most 40 characters of a long value", () => {
    const [hint] = hints(`platform=${"z".repeat(300)}`);
    expect(hint).toMatch(/^No platform is called "z{40}…"; the service has: /);
  });

  it("quotes an empty or blank value as typed", () => {
    expect(hints('platform=""', { platforms: ["win"] })).toEqual([
      'No platform is called ""; the service has: win',
    ]);
  });
});
