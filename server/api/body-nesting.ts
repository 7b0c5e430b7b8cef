import type { RequestHandler } from 'express';
import { fillMessage, serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';

/**
 * Deepest nesting of objects and arrays a call body may have. No call needs more than a dozen
 * levels; a body nested thousands deep overflows the stack of recursive readers (schemas,
 * JSON.stringify) and would answer 500 or lose a queued tracking batch.
 */
export const MAX_BODY_DEPTH = 64;

/** True when the value nests objects or arrays deeper than max (checked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The 400 for a body nested too deeply. */
export function assertBodyDepth(body: unknown): void {
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) throw new HttpError(400, fillMessage(serverMessages.bodyTooDeep, { max: MAX_BODY_DEPTH }));
}

/** Refuses a parsed JSON or form body nested too deeply, before any route reads it. */
export const refuseDeeplyNestedBodies: RequestHandler = (req, _res, next) => {
  assertBodyDepth(req.body);
  next();
};
