/**
 * How `tmpl` prints a template error: `file:line:column message`, a hint
 * after it (the closest name for an unknown formatter, predicate or partial,
 * what a block or a tag lacks), then the code frame (two lines either side, a
 * caret under the column).
 */
import { codeFrame } from '../diagnostics/code-frame.ts';
import { distinctTemplateErrors } from '../diagnostics/distinct-errors.ts';
import { pluginUsage } from '../diagnostics/plugin-usage.ts';
import { hintFor, missingPartialName, type HintContext } from '../diagnostics/suggest.ts';
import { tagAt } from '../diagnostics/tag-at.ts';
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

/** The partials a command can apply, by name; null when it was given no --partials folder. */
export type KnownPartials = readonly string[] | null;

/** The message with its hint, as the CLI and the development overlay show it. */
export function messageWithHint(message: string, registry: PluginRegistry, context: HintContext = {}): string {
  const hint = hintFor(message, registry, { usageOf: pluginUsage, ...context });
  return hint === undefined ? message : cliMessages.hint(message, hint);
}

/** The message with its hint; a partial missing because no folder was named says so. */
function messageForCli(message: string, registry: PluginRegistry, source: string | undefined, tag: string | undefined, partials: KnownPartials | undefined, at?: HintContext['at']): string {
  if (partials === null && missingPartialName(message) !== undefined) return cliMessages.hint(message, cliMessages.noPartialsFolder);
  return messageWithHint(message, registry, { tag, source, at, partials: partials ?? undefined });
}

export function reportError(error: TemplateError, find: SourceFinder, registry: PluginRegistry, io: CliIo, partials?: KnownPartials, count = 1): void {
  const file = find(error.name);
  const where = file?.path ?? error.name ?? 'template';
  const tag = file === undefined ? undefined : tagAt(file.source, error.line, error.column);
  const line = `${where}:${error.line}:${error.column} ${messageForCli(error.message, registry, file?.source, tag, partials, error)}`;
  io.err(count > 1 ? cliMessages.repeated(line, count) : line);
  if (file === undefined || error.line < 1) return;
  const frame = codeFrame(file.source, error.line, error.column, { color: io.color === true });
  if (frame !== '') io.err(frame);
}

/**
 * Prints each distinct error once (a repeat at the same place gets its count, not another frame);
 * `partials` (when the command knows them) gives a missing partial the closest name.
 */
export function reportErrors(errors: readonly TemplateError[], find: SourceFinder, registry: PluginRegistry, io: CliIo, partials?: KnownPartials): void {
  for (const error of distinctTemplateErrors(errors)) reportError(error, find, registry, io, partials, error.count);
}
