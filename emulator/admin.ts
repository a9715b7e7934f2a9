/**
 * The emulator's own control endpoint, NOT part of the version-history service: end-to-end tests change the
 * injected faults of a running emulator without restarting it.
 *
 *   GET /_emulator/faults            -> 200 {"faults": "<current SPEC>"}
 *   PUT /_emulator/faults  body=SPEC -> 200 {"faults": "<new SPEC, canonical>"}; "" clears; bad SPEC -> 400
 *
 * SPEC is the `--faults` syntax (faults.ts).
 */
import { FaultSpecError, formatFaults, parseFaults, type FaultInjector } from "./faults.ts";
import { errorBody, methodNotAllowed, notFound } from "./google-errors.ts";
import { preflight } from "./handler.ts";
import { jsonResponse, type EmulatorResponse } from "./response.ts";

export const ADMIN_PREFIX = "/_emulator/";
export const FAULTS_PATH = "/_emulator/faults";
const ADMIN_METHODS = "GET, PUT, OPTIONS";

/** Whether a request target belongs to the admin endpoint rather than the service. */
export function isAdminTarget(target: string): boolean {
  return target.startsWith(ADMIN_PREFIX);
}

/** The answer to an admin request; `body` is the request body text (read only for PUT). */
export function adminResponse(
  method: string,
  target: string,
  body: string,
  injector: FaultInjector,
  accessControlRequestHeaders?: string,
): EmulatorResponse {
  const path = target.split("?")[0];
  if (path !== FAULTS_PATH) {
    const e = notFound(`The requested URL ${path} was not found on this server.`);
    return jsonResponse(e.code, errorBody(e.code, e.status, e.message, true));
  }
  switch (method.toUpperCase()) {
    case "OPTIONS":
      return preflight(ADMIN_METHODS, accessControlRequestHeaders);
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
