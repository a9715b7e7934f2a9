/** `npm run service` arguments. */
import { describe, expect, test } from "vitest";
import { parseArgs, UsageError } from "../../../emulator/args.ts";
import { NO_FAULTS } from "../../../emulator/faults.ts";

describe("parseArgs", () => {
  test("no arguments gives the defaults", () => {
    expect(parseArgs([])).toEqual({ host: "127.0.0.1", port: 8787, faults: NO_FAULTS, help: false });
  });

  test("reads every flag, with the value after a space or after =", () => {
    expect(parseArgs(["--host", "0.0.0.0", "--port=0", "--data", "x.json", "--faults=latency=5"])).toEqual({
      host: "0.0.0.0",
      port: 0,
      data: "x.json",
      faults: { ...NO_FAULTS, latencyMs: 5 },
      help: false,
    });
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
  ])("%j is a usage error: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
