import type { TemplateError } from '../../engine/index.ts';

/** A template error and how many times the render reported it at that position. */
export interface CountedTemplateError extends TemplateError {
  count: number;
}

/** At most this many distinct errors go into one log line. */
export const MAX_LOGGED_ERRORS = 100;

/**
 * A render's errors with repeats folded: a section over a thousand items reports the same error
 * at the same position a thousand times, which says no more than once with its count.
 */
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

/** The fields a log line gets for a page's template errors: every distinct one, with its position. */
export function templateErrorsForLog(errors: readonly TemplateError[]): { errorCount: number; errors: CountedTemplateError[]; omitted?: number } {
  const distinct = distinctTemplateErrors(errors);
  const logged = distinct.slice(0, MAX_LOGGED_ERRORS);
  return distinct.length > logged.length
    ? { errorCount: errors.length, errors: logged, omitted: distinct.length - logged.length }
    : { errorCount: errors.length, errors: logged };
}
