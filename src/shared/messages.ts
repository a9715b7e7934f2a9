/**
 * Messages between extension pages and the service worker (`runtime.sendMessage`), typed on both sides: a
 * page asks the worker to poll now, or for the schedule of one milestone (the answer page, for a milestone
 * whose days are not stored), and is answered once the outcome is stored.
 */
import { isRecord } from "../core/schema.ts";
import { isMilestone } from "../core/version.ts";

export interface RefreshRequest {
  readonly type: "refresh";
}

export interface RefreshReply {
  readonly ok: true;
}

const REFRESH: RefreshRequest = { type: "refresh" };

/** Whether a message is a refresh request (anything may arrive: other extensions cannot, but pages can). */
export function isRefreshRequest(message: unknown): message is RefreshRequest {
  return isRecord(message) && message.type === "refresh";
}

export interface ScheduleRequest {
  readonly type: "schedule";
  readonly milestone: number;
}

/** Whether a message asks for a milestone's schedule, of a milestone that can be (1-999). */
export function isScheduleRequest(message: unknown): message is ScheduleRequest {
  return isRecord(message) && message.type === "schedule" && isMilestone(message.milestone);
}

/** `runtime`, as far as sending messages goes. */
export interface MessageSender {
  sendMessage(message: RefreshRequest | ScheduleRequest): Promise<unknown>;
}

/**
 * Asks the service worker for milestone `milestone`'s schedule; resolves once it is stored (the worker asks
 * the schedule service at most every six hours per milestone, and keeps the last good dates when it fails).
 */
export async function requestSchedule(runtime: MessageSender, milestone: number): Promise<void> {
  const reply = (await runtime.sendMessage({ type: "schedule", milestone })) as
    Partial<RefreshReply> | undefined;
  if (reply?.ok !== true) throw new Error("the service worker did not confirm the schedule");
}

/**
 * Asks the service worker to poll now; resolves once it has stored the outcome. Rejects when the worker
 * cannot be reached or answers something else.
 */
export async function requestRefresh(runtime: MessageSender): Promise<void> {
  const reply = (await runtime.sendMessage(REFRESH)) as Partial<RefreshReply> | undefined;
  if (reply?.ok !== true) throw new Error("the service worker did not confirm the check");
}
