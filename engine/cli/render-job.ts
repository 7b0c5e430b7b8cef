/**
 * One render of a template file with its data and partials, shared by
 * `tmpl render` and `tmpl watch`: reads every input first (so a missing file
 * or malformed data is reported before anything renders), then compiles and
 * renders, and says where each error's source is for the code frames.
 */
import { writeFileSync } from 'node:fs';
import { defaultRegistry } from '../plugins/index.ts';
import { compile, type TemplateError } from '../template.ts';
import { onePositional, stringOption, usageError, type Command, type ParsedArgs } from './command.ts';
import { CliFailure, EXIT, type CliIo } from './io.ts';
import { isJsonFile, readJsonData, readPartials, readTextFile, type PartialFile } from './inputs.ts';
import { cliMessages } from './messages.ts';
import { reportErrors, type KnownPartials, type SourceFinder } from './report.ts';

export interface RenderJob {
  file: string;
  dataFile?: string;
  partialsDir?: string;
  locale?: string;
  now?: number;
  /** Render despite syntax errors and exit 0 despite errors. */
  allowErrors: boolean;
}

/** The options `render` and `watch` share: a render's inputs and where its page goes. */
export const RENDER_JOB_OPTIONS = {
  data: { type: 'string' },
  partials: { type: 'string' },
  locale: { type: 'string' },
  now: { type: 'string' },
  out: { type: 'string' },
} as const;

/** The render `command`'s arguments ask for: its FILE and the shared options (bad ones are usage errors). */
export function renderJobFrom(command: Command, args: ParsedArgs, allowErrors: boolean): RenderJob {
  const dataFile = stringOption(args, 'data');
  // Data given as a second argument (`render page.tmpl page.json`) is named with the option it needs.
  const [, second, third] = args.positionals;
  if (second !== undefined && third === undefined && dataFile === undefined && isJsonFile(second)) {
    throw usageError(command, cliMessages.dataWithoutOption(second));
  }
  const file = onePositional(command, args, 'FILE (the template to render)');
  // JSON is never the template: rendered, it would come out as itself, as if it were a page.
  if (isJsonFile(file)) throw usageError(command, cliMessages.jsonGivenAsTemplate(file));
  return {
    file,
    dataFile,
    partialsDir: stringOption(args, 'partials'),
    locale: stringOption(args, 'locale'),
    now: parseNow(stringOption(args, 'now'), (problem) => usageError(command, problem)),
    allowErrors,
  };
}

export interface RenderOutcome {
  /** The page, or null when syntax errors stopped the render. */
  html: string | null;
  errors: TemplateError[];
  find: SourceFinder;
  /** The partials' names, or null without a --partials folder. */
  partials: KnownPartials;
}

export function renderFile(job: RenderJob): RenderOutcome {
  const source = readTextFile(job.file);
  const data = job.dataFile === undefined ? {} : readJsonData(job.dataFile);
  const partials = job.partialsDir === undefined ? new Map<string, PartialFile>() : readPartials(job.partialsDir);
  const find: SourceFinder = (name) => (name === job.file || name === undefined ? { path: job.file, source } : partials.get(name));
  const names = job.partialsDir === undefined ? null : [...partials.keys()];
  const template = compile(source, { name: job.file });
  // Malformed tags kept as text (the reference's validate mode) do not change the page: it still renders.
  if (template.errors.some((e) => !e.validation) && !job.allowErrors) return { html: null, errors: template.errors, find, partials: names };
  const result = template.render(data, {
    partials: Object.fromEntries([...partials].map(([name, file]) => [name, file.source])),
    ...(job.locale === undefined ? {} : { locale: job.locale }),
    ...(job.now === undefined ? {} : { now: job.now }),
  });
  return { html: result.html, errors: [...template.errors, ...result.errors], find, partials: names };
}

/** Writes the page to `out` (a file) or stdout, prints every error, and answers the exit code. */
export function deliver(outcome: RenderOutcome, job: RenderJob, out: string | undefined, io: CliIo): number {
  if (outcome.html !== null) {
    if (out === undefined) io.write(outcome.html);
    else writeOutput(out, outcome.html);
  }
  reportErrors(outcome.errors, outcome.find, defaultRegistry, io, outcome.partials);
  return outcome.errors.length > 0 && !job.allowErrors ? EXIT.templateErrors : EXIT.ok;
}

export function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliFailure(cliMessages.outputUnwritable(path, code === 'EISDIR' ? 'it is a directory' : (e as Error).message));
  }
}

/** `--now` as a whole number of milliseconds. */
export function parseNow(value: string | undefined, fail: (problem: string) => CliFailure): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw fail(cliMessages.notAnInteger('--now', value));
  return Number(value);
}
