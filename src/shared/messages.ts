/**
 * Messages between extension pages and the service worker (`runtime.sendMessage`), typed on both sides.
 * Only one today: a page asks the worker to poll now and is answered once the outcome is stored.
 */
import { isRecord } from "../core/schema.ts";

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

/** `runtime`, as far as sending messages goes. */
export interface MessageSender {
  sendMessage(message: RefreshRequest): Promise<unknown>;
}

/**
 * Asks the service worker to poll now; resolves once it has stored the outcome. Rejects when the worker
 * cannot be reached or answers something else.
 */
export async function requestRefresh(runtime: MessageSender): Promise<void> {
  const reply = (await runtime.sendMessage(REFRESH)) as Partial<RefreshReply> | undefined;
  if (reply?.ok !== true) throw new Error("the service worker did not confirm the check");
}
