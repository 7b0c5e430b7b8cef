import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/** Describes the first problems of a failed parse in one readable line, naming the field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Parses untrusted input with a schema; a failure becomes a 400 that says what is wrong. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}
