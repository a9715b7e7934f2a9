/**
 * Messages between extension pages and the service worker (`runtime.sendMessage`), typed on both sides: a
 * page asks the worker to poll now, or for the schedule of one milestone (the answer page, for a milestone
 * whose days are not stored), and is answered once the outcome is stored; or the answer page asks it for
 * the answer to its own question.
 */
import { isRecord } from "../../core/schema.ts";
import { isMilestone } from "../../core/version.ts";
import type { Answer } from "../answers/answer.ts";

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

export interface AnswerRequest {
  readonly type: "answer";
  readonly question: string;
}

/**
 * The longest question the worker answers for a page, in UTF-16 units: the answer reads only the first
 * MAX_QUESTION code points, but says how long the question was, so a page sends it whole; a longer one (only
 * a hand-made URL holds one) is answered by the page itself.
 */
export const MAX_ANSWER_REQUEST = 100_000;

/** Whether a message asks for the answer to a question the worker answers (text, not too long). */
export function isAnswerRequest(message: unknown): message is AnswerRequest {
  return (
    isRecord(message) &&
    message.type === "answer" &&
    typeof message.question === "string" &&
    message.question.length <= MAX_ANSWER_REQUEST
  );
}

/** An answer and the features data's line ("web-features 3.40.0, …") the page ends it with. */
export interface WorkerAnswer {
  readonly answer: Answer;
  readonly identity: string;
}

/** The worker's reply: `answer` is null when the page answers the question itself (Asking.answerFor). */
export interface AnswerReply extends Omit<WorkerAnswer, "answer"> {
  readonly ok: true;
  readonly answer: Answer | null;
}

/** `runtime`, as far as sending messages goes. */
export interface MessageSender {
  sendMessage(message: RefreshRequest | ScheduleRequest | AnswerRequest): Promise<unknown>;
}

/**
 * The worker's reply to an AnswerRequest, checked: null when it leaves the question to the page. Throws when
 * the reply is not one (the page then answers the question itself).
 */
export function answerOfReply(reply: unknown): WorkerAnswer | null {
  const r = reply as Partial<AnswerReply> | undefined;
  if (r?.ok !== true || typeof r.identity !== "string" || !isRecord(r.answer ?? {})) {
    throw new Error("the service worker did not answer the question");
  }
  return r.answer ? { answer: r.answer, identity: r.identity } : null;
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
