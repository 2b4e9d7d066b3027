import type { Kysely } from "kysely";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { claimNextOrder, releaseLock, releaseLocksOf, selectHeldOrder } from "./confirmation.repo.server";
import type { ConfirmationAgent } from "./confirmation.service.server";

/**
 * The call queue (docs/decisions/0032-confirmation-queue.md): each agent takes the next order to
 * call, and holds it under a lock for QUEUE_LOCK_MINUTES so no other agent calls the same
 * customer meanwhile; the lock expires by itself when the agent leaves.
 */

export const QUEUE_LOCK_MINUTES = 10;

/**
 * The next order for this agent (call-backs due first, then new orders oldest first, then those
 * with fewer attempts), skipping orders another agent holds or was given; taken atomically with
 * the lock and given to the agent. The order the agent held before is let go first (`skip`: the
 * one they just left, so "next" never hands it straight back). Null when nothing is waiting.
 */
export async function takeNextOrder(
  db: Kysely<Database>,
  agent: ConfirmationAgent,
  now: Date = new Date(),
  options: { skip?: number | null } = {},
): Promise<number | null> {
  await releaseLocksOf(db, agent.adminId);
  const id = await claimNextOrder(db, {
    adminId: agent.adminId,
    now: now.toISOString(),
    lockedUntil: new Date(now.getTime() + QUEUE_LOCK_MINUTES * 60_000).toISOString(),
    skip: options.skip ?? null,
  });
  if (id !== null) logger.info({ orderId: id, adminId: agent.adminId }, "queue order taken");
  return id;
}

/** Lets the order go (only when this agent holds it). */
export function releaseOrder(db: Kysely<Database>, orderId: number, agent: ConfirmationAgent): Promise<boolean> {
  return releaseLock(db, orderId, agent.adminId);
}

/** The order this agent holds now, if the lock has not expired. */
export function heldOrder(db: Kysely<Database>, agent: ConfirmationAgent, now: Date = new Date()): Promise<number | null> {
  return selectHeldOrder(db, agent.adminId, now.toISOString());
}
