/**
 * The emulator on a socket: Node's own `node:http`, the handler for the service, the admin endpoint for
 * faults, and fault injection in between. Kept thin so the service logic stays testable without sockets.
 *
 * Per request:
 *
 *   /_emulator/*  ──────────────────────────────────────────────> admin.ts
 *   GET|HEAD /v1/* ── draw fault ─┬─ stall ─> never answered (close() ends it)
 *                                 ├─ error ─> 500/503 + Retry-After ─────────┐
 *                                 ├─ malformed/truncated ─> handler ─> break ┼─ latency ─> write
 *                                 └─ none ─> handler (If-None-Match) ────────┘
 *   GET|HEAD /fetch_milestone_schedule ─> schedule.ts (Chromium Dash's schedule; no faults)
 *   GET|HEAD /caniuse/* ─> caniuse.ts (caniuse's usage files; PUT /_emulator/caniuse/* replaces one)
 *   anything else ─> handler (OPTIONS 204, 405, 404)
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { adminForbidden, adminRefusal, adminResponse, isAdminTarget, type ReleaseChanger } from "./admin.ts";
import { withFraction } from "./admin-release.ts";
import { buildDataset, type Dataset } from "./dataset.ts";
import { FaultInjector, formatFaults, parseFaults, type FaultConfig, type FaultDecision } from "./faults.ts";
import { errorBody, methodNotAllowed } from "./google-errors.ts";
import { createHandler } from "./handler.ts";
import { jsonResponse, type EmulatorResponse } from "./response.ts";
import { loadSchedule, SCHEDULE_PATH, scheduleResponse } from "./schedule.ts";
import { CANIUSE_ADMIN_PREFIX, CANIUSE_PREFIX, createCaniuseFiles, MAX_CANIUSE_BODY } from "./caniuse.ts";
import type { Milestone } from "./schedule-build.ts";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 8787;

/** Largest admin request body read; a SPEC is a few dozen characters. */
const MAX_ADMIN_BODY = 4096;

export interface ServerOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 8787; 0 picks a free port (see RunningServer.port). */
  readonly port?: number;
  readonly dataset: Dataset;
  /** A `--faults` SPEC or a parsed configuration; default none. */
  readonly faults?: string | FaultConfig;
  /** The milestone schedule served beside the service; default the bundled emulator/data/schedule.json. */
  readonly schedule?: readonly Milestone[];
  /** The emulator's clock (epoch ms), for the schedule's current, next and previous; default Date.now. */
  readonly now?: () => number;
  /** Told of each request as it arrives, before any answer or fault: tests wait on it, not on a guessed delay. */
  readonly onRequest?: (target: string) => void;
}

export interface RunningServer {
  /** The service's base URL, `http://HOST:PORT/v1`. */
  readonly url: string;
  readonly host: string;
  /** The port listened on (the real one when 0 was asked for). */
  readonly port: number;
  /** Stops listening and ends every connection, stalled ones included. Safe to call more than once. */
  close(): Promise<void>;
  /**
   * Replaces the injected faults at run time; `""` clears them.
   * @throws FaultSpecError for a bad SPEC (the faults in force stay as they were)
   */
  setFaults(faults: string | FaultConfig): void;
  /** The SPEC in force, canonical (`""` when none). */
  faults(): string;
}

const NO_FAULT: FaultDecision = { kind: "none", latencyMs: 0 };

/**
 * Whether an `Accept-Encoding` header takes gzip (RFC 9110 §12.5.3): a `gzip` or `*` entry whose q is not 0.
 * Google's front ends gzip for clients that ask, and Google's own client libraries ask.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(",").some((part) => {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Compressed bodies, one per answer body: the handler caches answers, so each is compressed once. */
const gzipped = new WeakMap<Buffer, Buffer>();

/** `response` gzip-encoded when the client takes it and there is a body; `Vary` tells caches why. */
function encoded(response: EmulatorResponse, acceptEncoding: string | undefined): EmulatorResponse {
  if (response.body.length === 0) return response;
  const headers = { ...response.headers, Vary: "Accept-Encoding" };
  if (!acceptsGzip(acceptEncoding)) return { ...response, headers };
  let body = gzipped.get(response.body);
  if (body === undefined) {
    body = gzipSync(response.body);
    gzipped.set(response.body, body);
  }
  return {
    ...response,
    headers: { ...headers, "Content-Encoding": "gzip", "Content-Length": String(body.length) },
    body,
  };
}

/**
 * Starts the emulator and resolves once it listens.
 * @throws (rejects) when the address cannot be listened on, or the faults SPEC is bad
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  let dataset = options.dataset;
  let handle = createHandler(dataset);
  /** The admin endpoint's change of a release's fraction: a dataset with it made replaces the served one. */
  const data: ReleaseChanger = {
    setFraction(change) {
      const next = withFraction(dataset.resources, change, new Date(now()).toISOString());
      if (typeof next === "string") return next;
      try {
        dataset = buildDataset({ releases: next.releases }, "the admin endpoint's change");
      } catch (e) {
        // A change the data cannot hold (an end before its start, with the clock before the release) is refused.
        return e instanceof Error ? e.message : String(e);
      }
      handle = createHandler(dataset);
      return next.release;
    },
  };
  const injector = new FaultInjector(toConfig(options.faults ?? ""));
  const timers = new Set<NodeJS.Timeout>();
  const schedule = options.schedule ?? loadSchedule();
  const caniuse = createCaniuseFiles();
  const now = options.now ?? Date.now;

  function send(res: ServerResponse, plain: EmulatorResponse, latencyMs: number, head = false): void {
    const full = encoded(plain, res.req.headers["accept-encoding"]);
    const response = head ? { ...full, body: Buffer.alloc(0) } : full;
    const write = (): void => {
      if (res.destroyed) return;
      res.writeHead(response.status, response.headers);
      res.end(response.body);
    };
    if (latencyMs <= 0) return write();
    const timer = setTimeout(() => {
      timers.delete(timer);
      write();
    }, latencyMs);
    timers.add(timer);
  }

  function service(req: IncomingMessage, res: ServerResponse, target: string): void {
    const method = req.method ?? "GET";
    const [path = "", search = ""] = target.split("?", 2);
    if (path.startsWith(CANIUSE_PREFIX) && (method === "GET" || method === "HEAD")) {
      const answer = caniuse.get(path.slice(CANIUSE_PREFIX.length), [req.headers["if-none-match"]].flat()[0]);
      return send(res, answer, 0, method === "HEAD");
    }
    if (path === SCHEDULE_PATH && (method === "GET" || method === "HEAD")) {
      const answer = scheduleResponse(schedule, new URLSearchParams(search), now());
      return send(res, answer, 0, method === "HEAD");
    }
    const fault =
      (method === "GET" || method === "HEAD") && target.startsWith("/v1/") ? injector.next() : NO_FAULT;
    // Accepted and never answered: the client's own timeout is what is under test.
    if (fault.kind === "stall") return;
    if (fault.kind === "error") {
      const pretty = new URLSearchParams(target.split("?")[1] ?? "").get("prettyPrint") !== "false";
      return send(res, injector.errorResponse(pretty), fault.latencyMs);
    }
    const breaks = method === "GET" && (fault.kind === "malformed" || fault.kind === "truncated");
    // HEAD is answered as GET without the body, after encoding, so its Content-Length is the GET's.
    const head = method === "HEAD";
    let response = handle({
      method: head ? "GET" : method,
      url: target,
      // A broken 200 must not hide behind a 304.
      ifNoneMatch: breaks ? undefined : req.headers["if-none-match"],
      accessControlRequestHeaders: req.headers["access-control-request-headers"],
    });
    if (breaks && response.status === 200) {
      response = fault.kind === "malformed" ? injector.malform(response) : injector.truncate(response);
    }
    send(res, response, fault.latencyMs, head);
  }

  function admin(req: IncomingMessage, res: ServerResponse, target: string): void {
    const refusal = adminRefusal(
      {
        origin: req.headers.origin,
        secFetchSite: [req.headers["sec-fetch-site"]].flat()[0],
        host: req.headers.host,
      },
      authority,
    );
    if (refusal !== null) {
      // Not read: a refused caller's body is nobody's business. The connection closes after the answer.
      res.setHeader("Connection", "close");
      return send(res, adminForbidden(refusal), 0);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const files = target.startsWith(CANIUSE_ADMIN_PREFIX);
    const max = files ? MAX_CANIUSE_BODY : MAX_ADMIN_BODY;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on("end", () => {
      if (files && size <= max) {
        const path = target.split("?")[0]?.slice(CANIUSE_ADMIN_PREFIX.length) ?? "";
        if (req.method === "PUT") return send(res, caniuse.put(path, Buffer.concat(chunks)), 0);
        const e = methodNotAllowed(req.method ?? "GET", "PUT");
        return send(
          res,
          jsonResponse(e.code, errorBody(e.code, e.status, e.message, true), { Allow: "PUT" }),
          0,
        );
      }
      const response =
        size > max
          ? jsonResponse(400, errorBody(400, "INVALID_ARGUMENT", "faults spec too long", true))
          : adminResponse(
              req.method ?? "GET",
              target,
              Buffer.concat(chunks).toString("utf8"),
              injector,
              data,
            );
      send(res, response, 0);
    });
  }

  /** `host:port` the emulator listens on: the one `Host` its admin endpoint answers (set once listening). */
  let authority = "";

  const server = createServer((req, res) => {
    const target = req.url ?? "/";
    options.onRequest?.(target);
    try {
      if (isAdminTarget(target)) admin(req, res, target);
      else service(req, res, target);
    } catch (e) {
      // A bug must still answer in the service's error shape rather than hang the client.
      const message = `Internal error encountered: ${e instanceof Error ? e.message : String(e)}`;
      send(res, jsonResponse(500, errorBody(500, "INTERNAL", message, true)), 0);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host, port: options.port ?? DEFAULT_PORT }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  authority = `${urlHost}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}/v1`,
    host,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        // server.close() alone waits for open connections: keep-alive ones and, above all, stalled requests.
        server.closeAllConnections();
      });
      return closing;
    },
    setFaults(faults) {
      injector.configure(toConfig(faults));
    },
    faults: () => formatFaults(injector.config),
  };
}

function toConfig(faults: string | FaultConfig): FaultConfig {
  return typeof faults === "string" ? parseFaults(faults) : faults;
}
