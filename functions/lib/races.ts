/** Concurrent writers: telling a lost race from a real failure, and waiting a little before trying again. */
import { randomInt } from 'node:crypto';

/** A condition that no longer held, or a transaction cancelled by a concurrent one: read again and retry. */
export function isLostRace(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionConflictException') {
    return true;
  }
  if (error.name !== 'TransactionCanceledException') return false;
  // Any other cancellation reason (a validation error, an item too large) would fail again: not a race.
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  const codes = reasons ? reasons.map((r) => r.Code ?? '') : [error.message];
  return codes.some((c) => c.includes('ConditionalCheckFailed') || c.includes('TransactionConflict'));
}

/** Backoff with jitter, so racing writers do not collide again in step. */
export const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 15 * 2 ** attempt + randomInt(40)));

/**
 * A condition that did not hold (alone, or as a cancelled transaction's reason). Unlike `isLostRace`, a
 * transaction conflict is not one: nothing was decided, and the caller must retry or fail, not skip.
 */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  if (error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  const codes = reasons ? reasons.map((r) => r.Code ?? '') : [error.message];
  return codes.some((c) => c.includes('ConditionalCheckFailed'));
}

/** Runs a conditional write; false when its condition did not hold (someone else moved the item first). */
export async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
