/** `npm run service` arguments. */
import { describe, expect, test } from "vitest";
import { DEFAULT_HOST, DEFAULT_PORT, parseArgs, USAGE, UsageError } from "../../../emulator/args.ts";
import { NO_FAULTS, parseFaults } from "../../../emulator/faults.ts";

describe("parseArgs", () => {
  test("no arguments gives the defaults", () => {
    expect(parseArgs([])).toEqual({
      host: "127.0.0.1",
      port: 8787,
      faults: NO_FAULTS,
      shiftToNow: false,
      help: false,
    });
  });

  test("--shift-to-now asks for the history moved to the present", () => {
    expect(parseArgs(["--shift-to-now"]).shiftToNow).toBe(true);
    expect(() => parseArgs(["--shift-to-now=1"])).toThrow(UsageError);
  });

  test("reads every flag, with the value after a space or after =", () => {
    expect(parseArgs(["--host", "0.0.0.0", "--port=0", "--data", "x.json", "--faults=latency=5"])).toEqual({
      host: "0.0.0.0",
      port: 0,
      data: "x.json",
      faults: { ...NO_FAULTS, latencyMs: 5 },
      shiftToNow: false,
      help: false,
    });
  });

  test("USAGE states the defaults, and the port is the README's and npm start's 127.0.0.1:8787", () => {
    expect(`${DEFAULT_HOST}:${DEFAULT_PORT}`).toBe("127.0.0.1:8787");
    expect(USAGE).toContain(`(default ${DEFAULT_HOST})`);
    expect(USAGE).toContain(`(default ${DEFAULT_PORT})`);
  });

  test("--port=0 asks for any free port", () => {
    expect(parseArgs(["--port=0"]).port).toBe(0);
    expect(parseArgs(["--port", "0"]).port).toBe(0);
  });

  test("--faults reads a whole SPEC, after = or a space", () => {
    const spec = "latency=20,error=0.25,retryafter=3,malformed=0.1,truncated=0.1,stall=0.05,seed=7";
    const expected = {
      ...NO_FAULTS,
      latencyMs: 20,
      error: 0.25,
      retryAfterSeconds: 3,
      malformed: 0.1,
      truncated: 0.1,
      stall: 0.05,
      seed: 7,
    };
    expect(parseFaults(spec)).toEqual(expected);
    expect(parseArgs([`--faults=${spec}`]).faults).toEqual(expected);
    expect(parseArgs(["--faults", spec]).faults).toEqual(expected);
  });

  test("skips the -- separator npm passes through, wherever it is", () => {
    expect(parseArgs(["--", "--port", "1"]).port).toBe(1);
    expect(parseArgs(["--port", "1", "--", "--host", "::1"])).toMatchObject({ port: 1, host: "::1" });
  });

  test("takes a value starting with a dash only after =", () => {
    expect(parseArgs(["--data=-x.json"]).data).toBe("-x.json");
  });

  test("--help asks for the usage text", () => {
    expect(parseArgs(["--help"]).help).toBe(true);
    expect(parseArgs(["-h"]).help).toBe(true);
  });

  test.each([
    [["--verbose"], 'unknown argument "--verbose"'],
    [["--port"], "--port needs a value"],
    [["--port", "--host", "x"], "--port needs a value"],
    [["--port", "http"], "--port http: expected a port number"],
    [["--port", "70000"], "expected a port number from 0 to 65535"],
    [["--port", "1", "--port", "2"], "--port is given twice"],
    [["--faults", "error=7"], "--faults: error=7: expected a share"],
    [["--data="], "--data needs a file name"],
    [["stray"], 'unknown argument "stray"'],
    [["--verbose=3"], 'unknown argument "--verbose=3"'],
    [["-x"], 'unknown argument "-x"'],
    [["--port", "1", "stray"], 'unknown argument "stray"'],
    [["--host", "a", "--host=b"], "--host is given twice"],
    [["--faults=seed=1", "--faults", "seed=2"], "--faults is given twice"],
    [["--data", "a.json", "--data", "b.json"], "--data is given twice"],
    [["--data"], "--data needs a value"],
    [["--data", "--"], "--data needs a value"],
    [["--data", "-x.json"], '--data needs a value (for one that starts with "-", write --data=VALUE)'],
    [["--host="], "--host needs a value"],
    [["--help=yes"], "--help takes no value"],
    [["--port=-1"], "--port -1: expected a port number from 0 to 65535"],
    [["--faults=colour=red"], '--faults: unknown fault "colour"'],
    [["--faults", "error=0.8,stall=0.5"], "--faults: error, malformed, truncated and stall add up to 1.3"],
  ])("%j is a usage error: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
