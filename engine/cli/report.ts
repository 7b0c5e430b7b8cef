/**
 * How `tmpl` prints a template error: `file:line:column message`, a
 * did-you-mean hint after an unknown formatter or predicate name, then the
 * code frame (two lines either side, a caret under the column).
 */
import { codeFrame } from '../diagnostics/code-frame.ts';
import { hintFor } from '../diagnostics/suggest.ts';
import type { PluginRegistry } from '../plugins/registry.ts';
import type { TemplateError } from '../template.ts';
import type { CliIo } from './io.ts';
import { cliMessages } from './messages.ts';

/** A template's source and the path to show for it. */
export interface SourceFile {
  path: string;
  source: string;
}

/** Finds the source an error's template name refers to (the page, or a partial). */
export type SourceFinder = (name: string | undefined) => SourceFile | undefined;

/** The message with its hint, as the CLI and the development overlay show it. */
export function messageWithHint(message: string, registry: PluginRegistry): string {
  const hint = hintFor(message, registry);
  return hint === undefined ? message : cliMessages.hint(message, hint);
}

export function reportError(error: TemplateError, find: SourceFinder, registry: PluginRegistry, io: CliIo): void {
  const file = find(error.name);
  const where = file?.path ?? error.name ?? 'template';
  io.err(`${where}:${error.line}:${error.column} ${messageWithHint(error.message, registry)}`);
  if (file === undefined || error.line < 1) return;
  const frame = codeFrame(file.source, error.line, error.column, { color: io.color === true });
  if (frame !== '') io.err(frame);
}

export function reportErrors(errors: readonly TemplateError[], find: SourceFinder, registry: PluginRegistry, io: CliIo): void {
  for (const error of errors) reportError(error, find, registry, io);
}
