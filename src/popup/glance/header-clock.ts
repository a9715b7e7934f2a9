/**
 * Pure: the header's parts that the clock changes ("last checked 3 min ago", stale or not), from its
 * clock-free part and the check's stored inputs. Its own module because the first paint (first-paint.ts)
 * computes them from the page's copy at the time it paints, without the rest of header.ts: what the copy
 * held when it was written would be as old as the copy.
 */
import { checkStatusAt, type CheckStatus } from "../../shared/status/check-status.ts";
import { formatTime, relativeTime } from "../../shared/status/time.ts";
import type { CheckInputs, HeaderBody, HeaderData } from "./header-data.ts";

/** `body` at `now`, for no browser in particular (header.ts adds this browser's line). */
export function withClock(body: HeaderBody, inputs: CheckInputs, now: number): HeaderData {
  const { fetchedAt, poll, pollMinutes } = inputs;
  const check = checkStatusAt(fetchedAt, poll, pollMinutes, now);
  return {
    ...body,
    nothingLive:
      fetchedAt !== null
        ? body.nothingLive
        : check.kind === "failing"
          ? "No release data yet."
          : `Checking ${body.host} for the first time…`,
    browser: null,
    checked: checkedLine(check, now),
    problem:
      check.kind === "failing" ? { source: "check", failure: check.failure, nextTry: check.nextTry } : null,
    stale:
      check.kind === "stale"
        ? `Stale: no successful check since ${formatTime(check.checkedAt)} (${relativeTime(check.checkedAt, now)}).`
        : null,
    state: check.kind,
  };
}

function checkedLine(check: CheckStatus, now: number): HeaderData["checked"] {
  if (check.kind === "first") return { text: "first check pending", title: "" };
  if (check.checkedAt === null) return { text: "no successful check yet", title: "" };
  const words = check.kind === "current" ? "last checked" : "last good check";
  return { text: `${words} ${relativeTime(check.checkedAt, now)}`, title: formatTime(check.checkedAt) };
}
