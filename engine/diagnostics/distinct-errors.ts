/**
 * A render's errors with repeats folded: a section over a thousand items reports the same error
 * at the same position a thousand times, which says no more than once with its count. The CLI,
 * the development overlay and the server's log all show a render's errors this way.
 */
import type { TemplateError } from '../template.ts';

/** A template error and how many times the render reported it at that position. */
export interface CountedTemplateError extends TemplateError {
  count: number;
}

export function distinctTemplateErrors(errors: readonly TemplateError[]): CountedTemplateError[] {
  const byKey = new Map<string, CountedTemplateError>();
  for (const error of errors) {
    const key = `${error.name ?? ''}\u0000${error.line}\u0000${error.column}\u0000${error.message}`;
    const seen = byKey.get(key);
    if (seen) seen.count++;
    else byKey.set(key, { ...error, count: 1 });
  }
  return [...byKey.values()];
}
