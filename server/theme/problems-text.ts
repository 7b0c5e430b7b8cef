/**
 * Template problems as the text of one log line: each placed as the overlay and `tmpl` place it
 * (`collections/blog.item:14:189`), with the hint they give it (`did you mean 'html'?`), so the
 * log of `npm run dev` reads as the overlay does, not as fields to decode.
 */
import { defaultRegistry, tagAt, type TemplateError } from '../../engine/index.ts';
import { messageWithHint } from '../../engine/cli/report.ts';

/** Listed in one line at most; the log's fields keep the rest. */
const LISTED = 5;

export function problemsText(
  errors: readonly TemplateError[],
  read: (name: string) => string | undefined,
  partialNames?: () => readonly string[],
): string {
  // listed once for the line, and only when an error may want the closest of them
  const partials = errors.length > 0 ? partialNames?.() : undefined;
  const lines = errors.slice(0, LISTED).map((error) => {
    const name = error.name ?? 'template';
    const source = error.line > 0 ? read(name) : undefined;
    const tag = source === undefined ? undefined : tagAt(source, error.line, error.column);
    const where = error.line > 0 ? `${name}:${error.line}:${error.column}` : name;
    // in the words `tmpl` and the overlay give it: the message, then its hint
    return `${where} ${messageWithHint(error.message, defaultRegistry, { tag, source, at: error, partials })}`;
  });
  const more = errors.length > LISTED ? `; and ${errors.length - LISTED} more` : '';
  return lines.join('; ') + more;
}
