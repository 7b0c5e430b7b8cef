import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';

/** Visitor reference: "{id}|{firstVisit}|{previousVisit}|{currentVisit}|{visitCount}". */
export const CENSUS_VISITOR_COOKIE = 'ss_cvr';
/** Visit token: present while the current visit is alive (30 minutes since the last hit). */
export const CENSUS_VISIT_COOKIE = 'ss_cvt';

export const VISITOR_COOKIE_MAX_AGE_MS = 2 * 365 * 24 * 60 * 60 * 1000;
export const VISIT_MAX_AGE_MS = 30 * 60 * 1000;

/** An id followed by four positive integers separated by bars. */
const VISITOR_PATTERN = /^([A-Za-z0-9-]{1,64})\|([1-9]\d{0,15})\|([1-9]\d{0,15})\|([1-9]\d{0,15})\|([1-9]\d{0,15})$/;

export interface CensusVisitor {
  id: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

export function parseVisitorCookie(value: unknown): CensusVisitor | null {
  if (typeof value !== 'string') return null;
  const match = VISITOR_PATTERN.exec(value);
  if (!match) return null;
  const [firstVisit, previousVisit, currentVisit, visitCount] = match.slice(2).map(Number);
  if (![firstVisit, previousVisit, currentVisit, visitCount].every(Number.isSafeInteger)) return null;
  return { id: match[1], firstVisit, previousVisit, currentVisit, visitCount };
}

export function formatVisitorCookie(visitor: CensusVisitor): string {
  return [visitor.id, visitor.firstVisit, visitor.previousVisit, visitor.currentVisit, visitor.visitCount].join('|');
}

/**
 * Reads the visitor cookie (or, when the browser did not send it, the copy posted in the body),
 * starts a new visit when the visit token has lapsed, replaces a malformed reference with a new
 * one, and writes both cookies back. Returns the visitor as now recorded.
 */
export function touchCensusVisitor(req: Request, res: Response, postedCopy?: unknown, now: number = Date.now()): CensusVisitor {
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  const known = parseVisitorCookie(cookies[CENSUS_VISITOR_COOKIE]) ?? parseVisitorCookie(postedCopy);
  const visitAlive = typeof cookies[CENSUS_VISIT_COOKIE] === 'string';
  let visitor: CensusVisitor;
  if (!known) {
    visitor = { id: randomUUID(), firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 };
  } else if (visitAlive) {
    visitor = known;
  } else {
    visitor = { ...known, previousVisit: known.currentVisit, currentVisit: now, visitCount: known.visitCount + 1 };
  }
  const options = { httpOnly: false, sameSite: 'lax' as const, secure: req.secure, path: '/' };
  res.cookie(CENSUS_VISITOR_COOKIE, formatVisitorCookie(visitor), { ...options, maxAge: VISITOR_COOKIE_MAX_AGE_MS });
  res.cookie(CENSUS_VISIT_COOKIE, String(visitor.currentVisit), { ...options, maxAge: VISIT_MAX_AGE_MS });
  return visitor;
}
