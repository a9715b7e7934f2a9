/**
 * How polling the service is going, stored beside the snapshot: written by the service worker after every
 * poll, read by the toolbar and the popup to say whether the data is current and why not.
 *
 * It belongs to one service: a poll state of another base URL or product (the settings changed since) says
 * nothing about this one, so its failures, error and backoff are not carried over.
 */
import type { KeySpec } from "./storage.ts";
import { readFailure, type Failure } from "./failure.ts";
import { sameService, type ServiceId } from "./snapshot.ts";

export interface PollState {
  /** The service and product polled. */
  readonly service: ServiceId;
  /** Consecutive failures since the last success. */
  readonly failures: number;
  /** The last failure, while failures > 0. */
  readonly lastError?: Failure;
  /** Epoch ms of the last attempt, successful or not. */
  readonly lastAttempt?: number;
  /** Epoch ms of the next poll. */
  readonly nextTry: number;
}

/** The poll state when it is of this service, else null (nothing is known about this service yet). */
export function pollStateOf(poll: PollState | null, service: ServiceId): PollState | null {
  return poll !== null && sameService(poll.service, service) ? poll : null;
}

/** The failure of the last attempt, when the last attempt failed. */
export function currentFailure(poll: PollState | null): Failure | null {
  return poll !== null && poll.failures > 0 ? (poll.lastError ?? null) : null;
}

/** A stored value as a poll state, or null when it is not one (an older version stored another shape). */
export function readPollState(value: unknown): PollState | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const service = v.service as Record<string, unknown> | null | undefined;
  if (typeof service !== "object" || service === null) return null;
  if (typeof service.baseUrl !== "string" || typeof service.product !== "string") return null;
  if (typeof v.failures !== "number" || !Number.isInteger(v.failures) || v.failures < 0) return null;
  if (typeof v.nextTry !== "number" || !Number.isFinite(v.nextTry)) return null;
  if (v.lastAttempt !== undefined && (typeof v.lastAttempt !== "number" || !Number.isFinite(v.lastAttempt))) {
    return null;
  }
  const lastError = v.lastError === undefined ? undefined : readFailure(v.lastError);
  if (lastError === null) return null;
  return {
    service: { baseUrl: service.baseUrl, product: service.product },
    failures: v.failures,
    nextTry: v.nextTry,
    ...(lastError !== undefined && { lastError }),
    ...(typeof v.lastAttempt === "number" && { lastAttempt: v.lastAttempt }),
  };
}

/** The `pollState` key (local). */
export const POLL_STATE_KEY: KeySpec<PollState | null> = {
  area: "local",
  read: (value) => readPollState(value),
};
