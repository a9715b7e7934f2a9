/**
 * Error types of the core: one base class, one class per kind, and messages a person can act on.
 * Every error thrown by the query language or the client is a ReleaseRadarError, so callers can tell
 * "our kind of failure, show it" from a programming bug.
 */
export class ReleaseRadarError extends Error {
  override name = "ReleaseRadarError";
}

/**
 * A `filter` or `order_by` text that does not follow the service's language (the filter and order_by rules
 * of the VersionHistory reference).
 */
export class InvalidQueryError extends ReleaseRadarError {
  override name = "InvalidQueryError";
  /**
   * @param parameter which query parameter was wrong
   * @param clauseIndex 0-based index of the comma-separated clause that is wrong
   * @param position 0-based character offset in the parameter's text where the problem starts
   * @param detail what is wrong, for a person
   */
  constructor(
    readonly parameter: "filter" | "order_by",
    readonly clauseIndex: number,
    readonly position: number,
    readonly detail: string,
    readonly text: string,
  ) {
    super(`${parameter} clause ${clauseIndex + 1} at character ${position + 1}: ${detail} (in "${text}")`);
  }
}

/** What a thrown value says: an Error's message, anything else as text (a rejection can carry any value). */
export function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}
