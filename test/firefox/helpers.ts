// Helpers shared by the Firefox tests.
import { waitFor } from "../../scripts/chromium.ts";

/**
 * Reads until `done` holds for what `read` returned, and returns that; fails with the last value read. For
 * hooks and helpers, where expect.poll cannot run.
 */
export function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return waitFor(read, done, { what: read.toString() });
}
