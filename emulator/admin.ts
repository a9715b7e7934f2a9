/**
 * The emulator's own control endpoint, NOT part of the version-history service: end-to-end tests change the
 * injected faults of a running emulator without restarting it.
 *
 *   GET /_emulator/faults            -> 200 {"faults": "<current SPEC>"}
 *   PUT /_emulator/faults  body=SPEC -> 200 {"faults": "<new SPEC, canonical>"}; "" clears; bad SPEC -> 400
 *   PUT /_emulator/release body={"name": N, "fraction": F}
 *                                    -> 200 {"release": {...}}: live release N now serves F (admin-release.ts);
 *                                       400 for a bad body, 404 when no live release is named N
 *
 * SPEC is the `--faults` syntax (faults.ts).
 *
 * Only the developer's own tools may call it (the tests and `npm start` call it from Node): a request that a
 * web page made (it carries `Origin`, or `Sec-Fetch-Site` other than `none`), or one addressed to any other
 * `Host` than the address the emulator listens on (a DNS-rebinding page names its own host), is refused with
 * 403 and no CORS header, so a page open in the developer's browser can neither switch faults nor read them.
 * The service endpoints keep their CORS `*`, as the real services have it.
 */
import type { ReleaseResource } from "../src/core/types.ts";
import { readFractionChange, RELEASE_PATH, type FractionChange } from "./admin-release.ts";
import { FaultSpecError, formatFaults, parseFaults, type FaultInjector } from "./faults.ts";
import { errorBody, methodNotAllowed, notFound } from "./google-errors.ts";
import { jsonResponse, type EmulatorResponse } from "./response.ts";

export const ADMIN_PREFIX = "/_emulator/";
export const FAULTS_PATH = "/_emulator/faults";
const ADMIN_METHODS = "GET, PUT";

/** What of an admin request decides whether it may be answered. */
export interface AdminCaller {
  readonly origin?: string | undefined;
  readonly secFetchSite?: string | undefined;
  readonly host?: string | undefined;
}

/**
 * Why an admin request is refused, or null when it comes from the developer's own tools: no `Origin`, no
 * cross-site fetch metadata, and a `Host` that is `authority` (`127.0.0.1:8787`, the listening address).
 */
export function adminRefusal(caller: AdminCaller, authority: string): string | null {
  if (caller.origin !== undefined)
    return "the admin endpoint answers no web page (the request has an Origin)";
  if (caller.secFetchSite !== undefined && caller.secFetchSite !== "none") {
    return "the admin endpoint answers no web page (Sec-Fetch-Site)";
  }
  if (caller.host?.toLowerCase() !== authority.toLowerCase()) {
    return `the admin endpoint answers only requests addressed to ${authority}`;
  }
  return null;
}

/** Whether a request target belongs to the admin endpoint rather than the service. */
export function isAdminTarget(target: string): boolean {
  return target.startsWith(ADMIN_PREFIX);
}

/**
 * The answer to an admin request; `body` is the request body text (read only for PUT). No answer carries
 * CORS headers: a page's script must not read them (adminRefusal keeps pages from being answered at all).
 */
export function adminResponse(
  method: string,
  target: string,
  body: string,
  injector: FaultInjector,
  data: ReleaseChanger,
): EmulatorResponse {
  const path = target.split("?")[0];
  if (path === RELEASE_PATH) return withoutCors(releaseAnswer(method, body, data));
  return withoutCors(answer(method, target, body, injector));
}

/** Changes the running emulator's data (server.ts swaps in a dataset with the change made). */
export interface ReleaseChanger {
  /** The changed release, or why there is none to change. */
  setFraction(change: FractionChange): ReleaseResource | string;
}

function releaseAnswer(method: string, body: string, data: ReleaseChanger): EmulatorResponse {
  if (method.toUpperCase() !== "PUT") {
    const e = methodNotAllowed(method, "PUT");
    return jsonResponse(e.code, errorBody(e.code, e.status, e.message, true), { Allow: "PUT" });
  }
  const change = readFractionChange(body);
  if (typeof change === "string") return jsonResponse(400, errorBody(400, "INVALID_ARGUMENT", change, true));
  const release = data.setFraction(change);
  if (typeof release === "string") return jsonResponse(404, errorBody(404, "NOT_FOUND", release, true));
  return jsonResponse(200, `${JSON.stringify({ release }, null, 2)}\n`);
}

/** The 403 for a refused caller (adminRefusal's reason), without CORS headers. */
export function adminForbidden(reason: string): EmulatorResponse {
  return withoutCors(jsonResponse(403, errorBody(403, "PERMISSION_DENIED", reason, true)));
}

function withoutCors(response: EmulatorResponse): EmulatorResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !name.toLowerCase().startsWith("access-control-")),
  );
  return { ...response, headers };
}

function answer(method: string, target: string, body: string, injector: FaultInjector): EmulatorResponse {
  const path = target.split("?")[0];
  if (path !== FAULTS_PATH) {
    const e = notFound(`The requested URL ${path} was not found on this server.`);
    return jsonResponse(e.code, errorBody(e.code, e.status, e.message, true));
  }
  switch (method.toUpperCase()) {
    case "GET":
      return faultsBody(injector);
    case "PUT":
      try {
        injector.configure(parseFaults(body));
      } catch (e) {
        if (!(e instanceof FaultSpecError)) throw e;
        return jsonResponse(400, errorBody(400, "INVALID_ARGUMENT", `bad faults spec: ${e.message}`, true));
      }
      return faultsBody(injector);
    default: {
      const e = methodNotAllowed(method, ADMIN_METHODS);
      return jsonResponse(e.code, errorBody(e.code, e.status, e.message, true), { Allow: ADMIN_METHODS });
    }
  }
}

function faultsBody(injector: FaultInjector): EmulatorResponse {
  return jsonResponse(200, `${JSON.stringify({ faults: formatFaults(injector.config) }, null, 2)}\n`);
}
