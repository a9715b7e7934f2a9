/**
 * How polling the service is going, stored beside the snapshot: written by the service worker after every
 * poll, read by the toolbar and the popup to say whether the data is current and why not.
 *
 * It belongs to one service: a poll state of another base URL or product (the settings changed since) says
 * nothing about this one, so its failures, error and backoff are not carried over.
 */
import type { KeySpec } from "./store.ts";
import { integer, number, object, optional, valueOr, type Infer } from "../../core/schema.ts";
import { FailureSchema, type Failure } from "../status/failure.ts";
import { sameService, ServiceIdSchema, type ServiceId } from "./snapshot.ts";

const PollStateSchema = object({
  /** The service and product polled. */
  service: ServiceIdSchema,
  /** Consecutive failures since the last success. */
  failures: integer(0),
  /** The last failure, while failures > 0. */
  lastError: optional(FailureSchema),
  /** Epoch ms of the last attempt, successful or not. */
  lastAttempt: optional(number()),
  /** Epoch ms of the next poll. */
  nextTry: number(),
});
export type PollState = Infer<typeof PollStateSchema>;

/** The poll state when it is of this service, else null (nothing is known about this service yet). */
export function pollStateOf(poll: PollState | null, service: ServiceId): PollState | null {
  return poll !== null && sameService(poll.service, service) ? poll : null;
}

/** The failure of the last attempt, when the last attempt failed. */
export function currentFailure(poll: PollState | null): Failure | null {
  return poll !== null && poll.failures > 0 ? (poll.lastError ?? null) : null;
}

/** The `pollState` key (local). */
export const POLL_STATE_KEY: KeySpec<PollState | null> = {
  area: "local",
  // Null when it is not one: an older version stored another shape.
  read: (value) => valueOr(PollStateSchema, value),
};
