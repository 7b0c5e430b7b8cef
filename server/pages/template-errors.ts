import type { TemplateError } from '../../engine/index.ts';
import { distinctTemplateErrors, type CountedTemplateError } from '../../engine/diagnostics/distinct-errors.ts';

/** At most this many distinct errors go into one log line. */
export const MAX_LOGGED_ERRORS = 100;

/** The fields a log line gets for a page's template errors: every distinct one, with its position. */
export function templateErrorsForLog(errors: readonly TemplateError[]): { errorCount: number; errors: CountedTemplateError[]; omitted?: number } {
  const distinct = distinctTemplateErrors(errors);
  const logged = distinct.slice(0, MAX_LOGGED_ERRORS);
  return distinct.length > logged.length
    ? { errorCount: errors.length, errors: logged, omitted: distinct.length - logged.length }
    : { errorCount: errors.length, errors: logged };
}

/** The files the errors are in, each once, in order: what a log line names, rather than the page's main template. */
export function filesOfErrors(errors: readonly TemplateError[]): string {
  return [...new Set(errors.map((error) => error.name))].join(', ');
}
