import type { z } from 'zod';

/** Whether an issue is zod's own bound on integers (±Number.MAX_SAFE_INTEGER), not one a schema chose. */
function isSafeIntegerRange(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'too_big') return Number(issue.maximum) === Number.MAX_SAFE_INTEGER;
  if (issue.code === 'too_small') return Number(issue.minimum) === -Number.MAX_SAFE_INTEGER;
  return false;
}

/**
 * The issues worth telling, in zod's order: `.int()` also checks the safe-integer range, so a
 * number far past a field's bound (limit=1e20) gets two issues; the field's own speaks and the
 * range (9,007,199,254,740,991) is left out. A field with no other issue keeps the range.
 */
export function issuesToTell(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const fieldOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('\u0000');
  const fieldsWithOwnIssue = new Set(issues.filter((issue) => !isSafeIntegerRange(issue)).map(fieldOf));
  return issues.filter((issue) => !isSafeIntegerRange(issue) || !fieldsWithOwnIssue.has(fieldOf(issue)));
}
