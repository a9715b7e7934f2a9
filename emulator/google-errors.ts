/**
 * Error answers in the shape Google APIs use (https://cloud.google.com/apis/design/errors). The recorded real
 * responses in test/fixtures/ hold no error body of this service, but every Google API answers
 * `{"error":{"code":400,"message":"...","status":"INVALID_ARGUMENT"}}`. `status` is the google.rpc.Code name
 * that goes with the HTTP code (AIP-193).
 */

/** google.rpc.Code names for the HTTP codes the emulator sends. */
export type GoogleStatus =
  "INVALID_ARGUMENT" | "PERMISSION_DENIED" | "NOT_FOUND" | "UNIMPLEMENTED" | "INTERNAL" | "UNAVAILABLE";

/**
 * A request the emulator refuses. Thrown inside the handler and turned into a JSON error answer, so each
 * check can stop the request where it finds the problem.
 */
export class GoogleApiError extends Error {
  override name = "GoogleApiError";
  constructor(
    readonly code: number,
    readonly status: GoogleStatus,
    message: string,
  ) {
    super(message);
  }
}

export function invalidArgument(message: string): GoogleApiError {
  return new GoogleApiError(400, "INVALID_ARGUMENT", message);
}

export function notFound(message: string): GoogleApiError {
  return new GoogleApiError(404, "NOT_FOUND", message);
}

/**
 * 405 for methods other than GET, HEAD and OPTIONS. google.rpc has no "method not allowed"; UNIMPLEMENTED
 * ("the operation is not implemented or not supported") is the nearest honest name. The HTTP code stays 405
 * so generic HTTP clients, and the `Allow` header that comes with it, keep their usual meaning.
 */
export function methodNotAllowed(method: string, allow: string): GoogleApiError {
  return new GoogleApiError(405, "UNIMPLEMENTED", `Method ${method} is not allowed here; use ${allow}.`);
}

/**
 * Google's wording when a query parameter names no field of the request message (what ESF answers for
 * `?foo=1`, and for `filter` on a list method that has no filter field).
 */
export function unknownParameter(name: string): GoogleApiError {
  return invalidArgument(
    `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. ` +
      `Field '${name}' could not be found in request message.`,
  );
}

/** Google's wording when a query parameter's text is not of the field's type (`pageSize=abc`). */
export function invalidValue(field: string, type: string, text: string): GoogleApiError {
  return invalidArgument(`Invalid value at '${field}' (${type}), "${text}"`);
}

/** The JSON text of an error body. */
export function errorBody(code: number, status: GoogleStatus, message: string, pretty: boolean): string {
  const body = { error: { code, message, status } };
  return pretty ? `${JSON.stringify(body, null, 2)}\n` : JSON.stringify(body);
}
