/**
 * One render of a template file with its data and partials, shared by
 * `tmpl render` and `tmpl watch`: reads every input first (so a missing file
 * or malformed data is reported before anything renders), then compiles and
 * renders, and says where each error's source is for the code frames.
 */
import { writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { hasLocaleData } from '../plugins/i18n/cldr.ts';
import { defaultRegistry } from '../plugins/index.ts';
import { JsonDouble } from '../runtime/json-double.ts';
import { compile, type TemplateError } from '../template.ts';
import { onePositional, stringOption, usageError, type Command, type ParsedArgs } from './command.ts';
import { CliFailure, EXIT, type CliIo } from './io.ts';
import { enclosingTemplateFolder, isJsonFile, readJsonData, readPartials, readTemplateFile, reasonOf, shownFolder, type PartialFile } from './inputs.ts';
import { cliMessages } from './messages.ts';
import { checkOutputTarget, PAGE_OUTPUT } from './output-target.ts';
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
  const job: RenderJob = {
    file,
    dataFile,
    partialsDir: stringOption(args, 'partials'),
    locale: parseLocale(stringOption(args, 'locale'), (problem) => usageError(command, problem)),
    now: parseNow(stringOption(args, 'now'), (problem) => usageError(command, problem)),
    allowErrors,
  };
  const out = stringOption(args, 'out');
  const inputs = { files: [{ path: file, is: 'the template' }, { path: dataFile, is: 'the data file' }], partialsDir: job.partialsDir };
  if (out !== undefined) checkOutputTarget(command, PAGE_OUTPUT, out, inputs);
  return job;
}

export interface RenderOutcome {
  /** The page, or null when syntax errors stopped the render. */
  html: string | null;
  errors: TemplateError[];
  find: SourceFinder;
  /** The partials' names, or null without a --partials folder. */
  partials: KnownPartials;
  /** Said on stderr with the errors: data that is not an object, whose names would all find nothing. */
  dataNote?: string;
}

export function renderFile(job: RenderJob): RenderOutcome {
  const source = readTemplateFile(job.file);
  const data = job.dataFile === undefined ? {} : readJsonData(job.dataFile, '--data');
  const partials = job.partialsDir === undefined ? new Map<string, PartialFile>() : readPartials(job.partialsDir);
  const find: SourceFinder = (name) => (name === job.file || name === undefined ? { path: job.file, source } : partials.get(name));
  const names = job.partialsDir === undefined ? null : [...partials.keys()];
  const dataNote = job.dataFile === undefined ? undefined : noteOnData(job.dataFile, data);
  const template = compile(source, { name: job.file });
  // Malformed tags kept as text (the reference's validate mode) do not change the page: it still renders.
  if (template.errors.some((e) => !e.validation) && !job.allowErrors) return { html: null, errors: template.errors, find, partials: names, dataNote };
  const result = template.render(data, {
    partials: Object.fromEntries([...partials].map(([name, file]) => [name, file.source])),
    ...(job.locale === undefined ? {} : { locale: job.locale }),
    ...(job.now === undefined ? {} : { now: job.now }),
  });
  return { html: result.html, errors: [...template.errors, ...result.errors], find, partials: names, dataNote };
}

/** A page's data is an object of names; a list, a string or a number renders every {name} as nothing, without an error. */
function noteOnData(dataFile: string, data: unknown): string | undefined {
  if (Array.isArray(data)) return cliMessages.dataNotObject(dataFile, 'a list');
  if (data === null) return cliMessages.dataNotObject(dataFile, 'null');
  if (data instanceof JsonDouble) return cliMessages.dataNotObject(dataFile, 'a number');
  if (typeof data !== 'object') return cliMessages.dataNotObject(dataFile, `a ${typeof data}`);
  return undefined;
}

/**
 * Says once, to a person at a terminal, that a render without --data has {} as its data (the
 * documented default): a page of empty names is otherwise read as a template that is wrong.
 */
export function noteDefaultData(job: RenderJob, io: CliIo): void {
  if (job.dataFile === undefined && io.terminal === true) io.err(cliMessages.noDataGiven);
}

/**
 * Says once, to a person at a terminal, that a file of a developer template (`site.region`, a
 * block) renders alone as a single template, its platform tags as written, and names the render
 * of the folder's pages: the page printed is otherwise read as what the storefront would serve.
 */
export function noteTemplateFolderFile(job: RenderJob, io: CliIo): void {
  if (io.terminal !== true || extname(job.file) === '.tmpl') return;
  const folder = enclosingTemplateFolder(job.file);
  if (folder !== undefined) io.err(cliMessages.renderedOutsideTemplateFolder(job.file, folder, shownFolder(folder)));
}

/** Writes the page to `out` (a file) or stdout, prints every error, and answers the exit code. */
export function deliver(outcome: RenderOutcome, job: RenderJob, out: string | undefined, io: CliIo): number {
  if (outcome.html !== null) {
    if (out === undefined) io.write(outcome.html);
    else writeOutput(out, outcome.html);
  }
  if (outcome.dataNote !== undefined) io.err(outcome.dataNote);
  reportErrors(outcome.errors, outcome.find, defaultRegistry, io, outcome.partials);
  return outcome.errors.length > 0 && !job.allowErrors ? EXIT.templateErrors : EXIT.ok;
}

export function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new CliFailure(cliMessages.outputUnwritable(path, whyUnwritable(e, path)));
  }
}

/** Why a file could not be written, in the author's terms rather than the system call's. */
function whyUnwritable(e: unknown, path: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return 'it is a directory';
  // tmpl writes the file, not the folders to it: a mistyped folder is named as such.
  if (code === 'ENOENT') return cliMessages.outputFolderMissing(dirname(path));
  if (code === 'ENOTDIR') return cliMessages.outputPathThroughFile;
  return reasonOf(e);
}

/**
 * `--locale` as given (the engine reads en_US as en-US): one without data of its own would render
 * as en-US without a word, so it is refused as a bad --now is.
 */
export function parseLocale(value: string | undefined, fail: (problem: string) => CliFailure): string | undefined {
  if (value !== undefined && !hasLocaleData(value)) throw fail(cliMessages.unknownLocale(value));
  return value;
}

/** `--now` as a whole number of milliseconds. */
export function parseNow(value: string | undefined, fail: (problem: string) => CliFailure): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    // A date written as a date (2024-06-01) gets the number it stands for, which is what the option wants.
    const date = /^\d{4}-\d\d-\d\d/.test(value) ? Date.parse(value) : Number.NaN;
    throw fail(Number.isNaN(date) ? cliMessages.notAnInteger('--now', value) : cliMessages.nowAsDate(value, date));
  }
  return Number(value);
}
