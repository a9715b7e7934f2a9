/**
 * A hostile stand-in for both services (version history and milestone schedule) on loopback, for the
 * real-browser tests: it answers good data until a test switches it to one bad answer, and counts what it
 * was asked, so a test sees what the extension did at the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the version-history endpoints answer. */
export type LiveMode =
  | "good"
  /** A valid answer of `hugeBytes` bytes, streamed. */
  | "huge"
  /** 503 with a `Retry-After` of `retryAfter`. */
  | "retry-after"
  /** 302 to the same path on `redirectTo`. */
  | "redirect"
  /** 200 whose body stops half-way and the connection drops. */
  | "cut"
  /** A live release on a channel id with a right-to-left override. */
  | "rtl"
  /** 200 with `pages(token)` as the body, for the page asked with that `pageToken` ("" for the first). */
  | "pages";

/** What the schedule endpoint answers. */
export type ScheduleMode =
  | "good"
  | "huge-milestone"
  /** 503 with a `Retry-After` of `retryAfter`. */
  | "retry-after"
  /** No answer at all: the request is held open (counted in `hanging`) until the client gives up. */
  | "hang"
  /** Stable on 9999-12-31. */
  | "stable-far"
  /** Stable on 0000-01-01. */
  | "stable-zero"
  /** Stable in 30 days, its branch point a week after. */
  | "stable-first";

export interface HostileServer {
  /** `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  /** `http://127.0.0.1:PORT`, where the schedule is asked. */
  readonly origin: string;
  live: LiveMode;
  schedule: ScheduleMode;
  /**
   * What a milestone history (a releases request other than the live one) answers: "endless" pages on
   * forever, "flood" sends `floodRows` releases whatever page size was asked.
   */
  history: "good" | "retry-after" | "endless" | "flood";
  floodRows: number;
  hugeBytes: number;
  retryAfter: string;
  /** Origin the redirect mode sends to. */
  redirectTo: string;
  /** The body of each page in the "pages" mode, by the `pageToken` asked for. */
  pages: (token: string) => unknown;
  /** Requests held open now by the "hang" mode. */
  readonly hanging: () => number;
  /** Requests by kind: live polls, milestone histories, schedules, anything else. */
  readonly counts: { live: number; history: number; schedule: number; other: number };
  close(): Promise<void>;
}

/** The channel id of the "rtl" mode: "beta", an override, then "gnp.exe" (which an override shows as "exe.png"). */
export const RTL_CHANNEL = "beta\u202Egnp.exe";

const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag, Retry-After" };

/** A live Linux release as the service sends it. */
export function release(channel: string, version: string, fraction: number, startTime: string): unknown {
  return {
    name: `chrome/platforms/linux/channels/${channel}/versions/${version}/releases/1`,
    serving: { startTime },
    fraction,
    version,
    fractionGroup: "1",
    pinnable: false,
  };
}

/** The good live answer: Linux Stable 120 at 100%, Dev 122. */
export const GOOD_RELEASES = [
  release("stable", "120.0.6099.71", 1, "2023-12-06T21:01:00Z"),
  release("dev", "122.0.6200.0", 1, "2023-12-08T01:46:40Z"),
];

/** The responses the "hang" mode holds open. */
const held = new Set<ServerResponse>();

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...CORS, "Content-Type": "application/json", ...headers });
  res.end(text);
}

/** Starts the server on 127.0.0.1 (any free port). */
export async function startHostileServer(host = "127.0.0.1"): Promise<HostileServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        ...CORS,
        "Access-Control-Allow-Headers": "*",
        "Access-Control-Allow-Methods": "GET",
      });
      return void res.end();
    }
    if (url.pathname === "/fetch_milestone_schedule") {
      hostile.counts.schedule++;
      return scheduleAnswer(hostile, res, url);
    }
    if (url.pathname.endsWith("/releases")) {
      if (url.searchParams.get("filter") === "endtime=none") {
        hostile.counts.live++;
        return liveAnswer(hostile, req, res, url);
      }
      hostile.counts.history++;
      if (hostile.history === "retry-after")
        return json(
          res,
          503,
          { error: { code: 503, message: "Try later." } },
          { "Retry-After": hostile.retryAfter },
        );
      if (hostile.history === "flood") {
        const releases = Array.from({ length: hostile.floodRows }, (_, i) =>
          release("stable", `120.0.${i}.1`, 1, "2023-12-06T21:01:00Z"),
        );
        return json(res, 200, { releases, nextPageToken: "" });
      }
      if (hostile.history === "endless") {
        const page = Number(url.searchParams.get("pageToken") ?? "0") + 1;
        return json(res, 200, { releases: GOOD_RELEASES.slice(0, 1), nextPageToken: String(page) });
      }
      return json(res, 200, { releases: [], nextPageToken: "" });
    }
    hostile.counts.other++;
    json(res, 404, { error: { code: 404, message: "Not found.", status: "NOT_FOUND" } });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const hostile: HostileServer = {
    baseUrl: `${origin}/v1`,
    origin,
    live: "good",
    schedule: "good",
    history: "good",
    hanging: () => held.size,
    hugeBytes: 20 * 1024 * 1024,
    floodRows: 5000,
    retryAfter: "9999999999999",
    redirectTo: "",
    pages: () => ({ releases: GOOD_RELEASES, nextPageToken: "" }),
    counts: { live: 0, history: 0, schedule: 0, other: 0 },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return hostile;
}

function liveAnswer(hostile: HostileServer, req: IncomingMessage, res: ServerResponse, url: URL): void {
  switch (hostile.live) {
    case "good":
      return json(res, 200, { releases: GOOD_RELEASES, nextPageToken: "" });
    case "pages":
      return json(res, 200, hostile.pages(url.searchParams.get("pageToken") ?? ""));
    case "rtl":
      return json(res, 200, {
        releases: [...GOOD_RELEASES, release(RTL_CHANNEL, "120.0.6099.71", 1, "2023-12-06T21:01:00Z")],
        nextPageToken: "",
      });
    case "retry-after":
      return json(
        res,
        503,
        { error: { code: 503, message: "Try later.", status: "UNAVAILABLE" } },
        { "Retry-After": hostile.retryAfter },
      );
    case "redirect":
      res.writeHead(302, { ...CORS, Location: `${hostile.redirectTo}${url.pathname}${url.search}` });
      return void res.end();
    case "cut": {
      const body = JSON.stringify({ releases: GOOD_RELEASES, nextPageToken: "" });
      res.writeHead(200, {
        ...CORS,
        "Content-Type": "application/json",
        "Content-Length": String(body.length),
      });
      res.write(body.slice(0, body.length / 2));
      // Half sent, then the connection drops: the body's stream breaks after it started.
      return void setTimeout(() => req.socket.destroy(), 50);
    }
    case "huge": {
      // Valid JSON all the way: releases streamed until the size is reached or the client stops reading.
      res.writeHead(200, { ...CORS, "Content-Type": "application/json" });
      const one = JSON.stringify(release("stable", "120.0.6099.71", 1, "2023-12-06T21:01:00Z"));
      let sent = 0;
      res.on("error", () => {});
      res.write('{"releases": [');
      const pump = (): void => {
        while (sent < hostile.hugeBytes) {
          const chunk = sent === 0 ? one : `,${one}`;
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end('], "nextPageToken": ""}');
      };
      return pump();
    }
  }
}

function scheduleAnswer(hostile: HostileServer, res: ServerResponse, url: URL): void {
  if (hostile.schedule === "hang") {
    held.add(res);
    res.on("close", () => held.delete(res));
    return;
  }
  if (hostile.schedule === "retry-after")
    return json(res, 503, { error: "unavailable" }, { "Retry-After": hostile.retryAfter });
  const asked = url.searchParams.get("mstone") ?? "";
  const mstone = hostile.schedule === "huge-milestone" ? 2 ** 53 : asked === "next" ? 121 : Number(asked);
  json(res, 200, { mstones: [{ mstone, ...scheduleDays(hostile.schedule) }] });
}

/** The days of a schedule's answer in each mode (the API's own date shape). */
function scheduleDays(mode: ScheduleMode): Record<string, string> {
  const day = (fromNow: number): string =>
    `${new Date(Date.now() + fromNow * 86_400_000).toISOString().slice(0, 10)}T00:00:00`;
  switch (mode) {
    case "stable-far":
      return { stable_date: "9999-12-31T00:00:00" };
    case "stable-zero":
      return { stable_date: "0000-01-01T00:00:00" };
    case "stable-first":
      return { branch_point: day(37), stable_date: day(30) };
    default:
      return { stable_date: "2024-01-23T00:00:00" };
  }
}

/** `use` of a server started for it (on 127.0.0.1), closed afterwards whatever `use` did. */
export async function withHostileServer<T>(use: (server: HostileServer) => Promise<T>): Promise<T> {
  const server = await startHostileServer();
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}
