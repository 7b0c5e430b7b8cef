import type { z } from 'zod';
import { REQUEST } from '../../client/lib/messages.ts';
import { HttpError } from './http-error.ts';
import { issuesToTell } from './integer-range-issues.ts';

/** Describes the first problems of a failed parse in one readable line, naming the field. */
export function describeIssues(error: z.ZodError): string {
  return issuesToTell(error.issues)
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Parses what a shopper's page sends: a failure becomes a 400 whose message is the first
 * problem's catalogue text alone, never a field path ("quantity: …"). A problem the schema
 * gives no catalogue text for (a malformed call no page sends) reads as `fallback`.
 */
export function parseShopperInput<Schema extends z.ZodType>(schema: Schema, input: unknown, fallback: string = REQUEST.tryAgain): z.output<Schema> {
  // A per-parse message ranks below the schema's own, so it only fills the gaps.
  const result = schema.safeParse(input, { error: () => fallback });
  if (!result.success) throw new HttpError(400, issuesToTell(result.error.issues)[0]?.message ?? fallback);
  return result.data;
}

/** Parses untrusted input with a schema; a failure becomes a 400 that says what is wrong. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}
