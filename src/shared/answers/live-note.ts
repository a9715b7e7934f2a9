/**
 * What answers say about the live data they used: how old it is, or why there is none. A failed or missing
 * service never stops an answer: feature and schedule facts come from the asset, and this says plainly that
 * the live share is unknown, and why.
 */
import { endSentence, failureSentence } from "../status/failure-sentence.ts";
import { formatTime, relativeTime } from "../status/time.ts";
import type { AskContext } from "./answer.ts";

/** Why no live share is known: "The service is unavailable (503)." and the like. */
export function unknownShareReason(ctx: AskContext): string {
  return endSentence(
    ctx.failure !== null
      ? failureSentence(ctx.failure, ctx.host)
      : "No live releases are stored yet: the first check has not finished",
  );
}

/** "The live share is unknown. The service is unavailable (503)." */
export function unknownShareLine(ctx: AskContext): string {
  return `The live share is unknown. ${unknownShareReason(ctx)}`;
}

/** "Live shares as of 2026-11-26 09:00 UTC (3 min ago)", with the last failure when the data is older than it. */
export function asOfLine(ctx: AskContext, fetchedAt: number): string {
  // Ahead of the clock, it was stored before the clock was set back: read as now (check-status.ts does too).
  const at = Math.min(fetchedAt, ctx.now);
  const when = `Live shares as of ${formatTime(at)} (${relativeTime(at, ctx.now)})`;
  return ctx.failure === null
    ? when
    : `${when}; the last check failed: ${failureSentence(ctx.failure, ctx.host)}`;
}
