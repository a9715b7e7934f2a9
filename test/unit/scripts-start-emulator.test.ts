/**
 * `npm start`'s emulator (scripts/start-emulator.ts): started on the asked port, reused when a Release Radar
 * emulator holds it, refused with a reason a person can act on when another program does; and the line that
 * says how the build keeps working after the run.
 */
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EmulatorExitError, spawnEmulator, type EmulatorProcess } from "../../scripts/emulator-process.ts";
import {
  afterRunHint,
  PortInUseError,
  probePort,
  startEmulator,
  type PortHolder,
  type StartDeps,
} from "../../scripts/start-emulator.ts";

const IN_USE_OUTPUT =
  "emulator: cannot listen on 127.0.0.1:8787: listen EADDRINUSE: address already in use 127.0.0.1:8787\n";

/** A spawn that fails as the CLI does on a taken port, and a probe that finds `holder`. */
function portTaken(holder: PortHolder): StartDeps & { probed: number[] } {
  const probed: number[] = [];
  return {
    probed,
    spawn: () => Promise.reject(new EmulatorExitError(1, IN_USE_OUTPUT)),
    probe: (port) => {
      probed.push(port);
      return Promise.resolve(holder);
    },
  };
}

describe("startEmulator decides", () => {
  it("starts its own emulator on the asked port when it is free, without probing", async () => {
    let stopped = 0;
    const probed: number[] = [];
    const started = await startEmulator(8787, ["--shift-to-now"], {
      spawn: ({ port, args }) => {
        expect([port, args]).toEqual([8787, ["--shift-to-now"]]);
        return Promise.resolve({
          baseUrl: "http://127.0.0.1:8787/v1",
          stop: () => void stopped++,
        } as EmulatorProcess);
      },
      probe: (port) => {
        probed.push(port);
        return Promise.resolve({ kind: "other", why: "unused" });
      },
    });
    expect(started).toMatchObject({ baseUrl: "http://127.0.0.1:8787/v1", reused: false, faults: "" });
    started.stop();
    expect([stopped, probed]).toEqual([1, []]);
  });

  it("reuses a Release Radar emulator already on the port, and never stops it", async () => {
    const deps = portTaken({ kind: "emulator", baseUrl: "http://127.0.0.1:8787/v1", faults: "error=0.5" });
    const reused = await startEmulator(8787, [], deps);
    expect(reused).toMatchObject({ baseUrl: "http://127.0.0.1:8787/v1", reused: true, faults: "error=0.5" });
    expect(deps.probed).toEqual([8787]);
  });

  it("refuses a port another program holds, saying what holds it and what to do", async () => {
    const deps = portTaken({ kind: "other", why: "GET /_emulator/faults answered 404" });
    const error = await startEmulator(8787, [], deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(
      "port 8787 is in use by another program (EADDRINUSE), not by a Release Radar emulator (GET " +
        "/_emulator/faults answered 404). Stop that program (`ss -ltnp 'sport = :8787'` names it) and run " +
        "npm start again, or use another port: npm start -- --port 8788",
    );
  });

  it("passes on any other failure with the emulator's own words", async () => {
    const output = "emulator: emulator/data/releases.json: not JSON\n";
    const error = await startEmulator(8787, [], {
      spawn: () => Promise.reject(new EmulatorExitError(1, output)),
      probe: () => Promise.reject(new Error("a failure that is not a taken port must not probe")),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorExitError);
    expect((error as Error).message).toBe(
      "emulator exited with 1 before listening: emulator: emulator/data/releases.json: not JSON",
    );
  });
});

// Each starts an emulator process or waits out the probe's bound on a silent server: seconds, not a few ms.
describe("against real sockets", { timeout: 30_000 }, () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  /** A plain TCP server on a free port that accepts connections and says nothing. */
  async function silentServer(): Promise<number> {
    const server: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => {
      server.close();
      server.unref();
    });
    return (server.address() as AddressInfo).port;
  }

  it("the emulator's error on a taken port carries its reason (EADDRINUSE), not an empty line", async () => {
    const port = await silentServer();
    const error = await spawnEmulator({ port }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorExitError);
    expect((error as EmulatorExitError).output).toContain(
      `EADDRINUSE: address already in use 127.0.0.1:${port}`,
    );
  });

  it("a port held by a program that is no emulator stops npm start, naming the port and EADDRINUSE", async () => {
    const port = await silentServer();
    const error = await startEmulator(port, []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^port ${port} is in use by another program \\(EADDRINUSE\\), not by a Release Radar emulator \\(no answer to GET /_emulator/faults in 5 s\\)`,
      ),
    );
  });

  it("the probe tells an HTTP server that is no emulator by its answer", async () => {
    const server = createHttpServer((_, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => server.close());
    const port = (server.address() as AddressInfo).port;
    expect(await probePort(port)).toEqual({ kind: "other", why: "GET /_emulator/faults answered 404" });
  });

  it("a running Release Radar emulator is reused as it is: its URL, its faults", async () => {
    const running = await spawnEmulator({ args: ["--faults", "latency=1"] });
    cleanups.push(running.stop);
    const port = Number(new URL(running.baseUrl).port);
    const reused = await startEmulator(port, []);
    expect(reused).toMatchObject({ baseUrl: running.baseUrl, reused: true });
    expect(reused.faults).toBe("latency=1");
  });
});

describe("afterRunHint", () => {
  it("on port 8787 gives the README's command to serve the build again, and how to load it", () => {
    expect(afterRunHint({ baseUrl: "http://127.0.0.1:8787/v1", reused: false }, "/r/dist", "chromium")).toBe(
      "extension built into /r/dist, its service http://127.0.0.1:8787/v1. To use it after npm start has " +
        "ended, serve that again with `npm run service -- --shift-to-now` and load it unpacked at " +
        "chrome://extensions (developer mode) in any Chromium",
    );
  });

  it("on another port names it in that command; for Firefox, loads the manifest in about:debugging", () => {
    expect(
      afterRunHint({ baseUrl: "http://127.0.0.1:8790/v1", reused: false }, "/r/dist-firefox", "firefox"),
    ).toBe(
      "extension built into /r/dist-firefox, its service http://127.0.0.1:8790/v1. To use it after npm " +
        "start has ended, serve that again with `npm run service -- --shift-to-now --port 8790` and load " +
        "its manifest.json as a temporary add-on at about:debugging#/runtime/this-firefox",
    );
  });

  it("for a reused emulator says it keeps running", () => {
    expect(afterRunHint({ baseUrl: "http://127.0.0.1:8787/v1", reused: true }, "/r/dist", "chromium")).toBe(
      "extension built into /r/dist, its service http://127.0.0.1:8787/v1 (the emulator already running " +
        "there, which keeps running after npm start): load it unpacked at chrome://extensions (developer " +
        "mode) in any Chromium",
    );
  });
});
