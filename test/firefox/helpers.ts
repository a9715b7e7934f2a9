// Helpers shared by the Firefox tests.
import { WAIT_TIMEOUT_MS } from "../../scripts/chromium.ts";

/** Waits until `read` returns what `done` wants, and returns it; fails with the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`not within ${WAIT_TIMEOUT_MS} ms; last: ${JSON.stringify(value)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
