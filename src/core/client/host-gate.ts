/**
 * At most `limit` requests at once per origin; the others wait in line, first come first served. The
 * transport passes this gate before it starts a request's time limit, so the limit counts the service's time
 * and never a wait behind the same page's other requests: a request waiting in the browser's own line for a
 * connection would otherwise "not answer in time" while the service answers everything in time.
 *
 *   enter(url) ──► fewer than `limit` of its origin under way? ──yes──► go (resolves to `leave`)
 *                     │ no
 *                     ▼
 *                  wait in line ──► a request of that origin leaves ──► the first in line goes
 *                     └─ its signal aborts ──► out of the line, rejects with `signal.reason`
 */

export interface HostGate {
  /**
   * Resolves, once `url`'s origin has fewer than the limit under way, to the function to call when the
   * request is done (its body read or given up); calling it again does nothing. Rejects with `signal.reason`
   * when the signal aborts first, as `fetch` does.
   */
  enter(url: string, signal?: AbortSignal): Promise<() => void>;
}

interface Line {
  active: number;
  readonly waiting: (() => void)[];
}

export function createHostGate(limit: number): HostGate {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const lines = new Map<string, Line>();

  function leaveOf(origin: string, line: Line): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      line.active--;
      const next = line.waiting.shift();
      if (next) next();
      else if (line.active === 0) lines.delete(origin);
    };
  }

  return {
    async enter(url, signal) {
      signal?.throwIfAborted();
      const origin = new URL(url).origin;
      let line = lines.get(origin);
      if (line === undefined) lines.set(origin, (line = { active: 0, waiting: [] }));
      const at = line;
      if (at.active < limit) {
        at.active++;
        return leaveOf(origin, at);
      }
      return new Promise<() => void>((resolve, reject) => {
        const go = (): void => {
          signal?.removeEventListener("abort", onAbort);
          at.active++;
          resolve(leaveOf(origin, at));
        };
        const onAbort = (): void => {
          at.waiting.splice(at.waiting.indexOf(go), 1);
          // The signal's own reason, whatever it is, exactly as fetch rejects.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          reject(signal?.reason);
        };
        at.waiting.push(go);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}
