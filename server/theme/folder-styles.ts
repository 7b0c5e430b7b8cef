import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import { fontTweakVariables } from './font-tweak-variables.ts';
import { asLess4Selectors } from './legacy-less-selectors.ts';
import { blankStatementAt } from './less-statement.ts';
import { undefinedVariableGuess } from './less-variable-guess.ts';
import { platformStylesheet } from './platform-stylesheets.ts';
import { ASSEMBLE, buildCommand, missingStylesheets } from './missing-files.ts';
import { StyleInputs } from './style-inputs.ts';
import type { TemplateConf } from './template-conf.ts';
import { themeMessages } from './theme-messages.ts';
import { unclosedBrace } from './unclosed-brace.ts';

/** Where the folder's compiled stylesheet is served. */
export const STYLESHEET_PATH = '/site.css';

export interface CompiledStyles {
  /** The stylesheet: without the statements left out, and '' when none could be compiled. */
  css: string;
  /**
   * Whether a stylesheet came out, if need be with failing statements left out (each a warning);
   * false when the compile failed as a whole (a syntax error, a limit), `css` then being ''.
   */
  compiled: boolean;
  /** Compile errors (with file and position); statements left out and named stylesheets the folder lacks (warnings). */
  problems: FolderProblem[];
  /**
   * What the compile read: a later folder version with the same inputs has the same stylesheet.
   * Null for a compile stopped by a limit or a failed worker, which may go otherwise next time.
   */
  inputs: StyleInputs | null;
}

/**
 * The stylesheet the platform puts at the top of a folder's site.css whenever styles/ has it,
 * without template.conf naming it (Squarespace's base template says not to name it there).
 */
export const RESET_STYLESHEET = 'reset.css';

/**
 * The stylesheets a folder's compile reads, in order: styles/reset.css first when the folder has
 * one, then those template.conf names (reset.css named there too is read once, first).
 */
export function compiledStylesheets(folder: TemplateFolder, read = (path: string) => folder.source.read(path)): string[] {
  const named = folder.conf.stylesheets.filter((name) => name !== RESET_STYLESHEET);
  return read(`styles/${RESET_STYLESHEET}`) === undefined ? named : [RESET_STYLESHEET, ...named];
}

// by folder load: a page asks whether to link the stylesheet, and a disk read per page view would cost
const linksStylesheet = new WeakMap<TemplateFolder, boolean>();

/** Whether the folder's pages link a compiled stylesheet: it names one, or has styles/reset.css. */
export function hasStylesheet(folder: TemplateFolder): boolean {
  let has = linksStylesheet.get(folder);
  if (has === undefined) linksStylesheet.set(folder, (has = compiledStylesheets(folder).length > 0));
  return has;
}

/** template.conf `tweaks` as LESS variables: the values the stylesheet is compiled with. */
function tweakVariables(conf: TemplateConf): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(conf.tweaks)) variables[`@${name}`] = String(value);
  return variables;
}

/** Limits on compiling a folder's stylesheet, which is untrusted input. */
export interface StyleCompileLimits {
  /** A compile still running after this long is stopped and reported as an error. */
  timeoutMs: number;
  /** The most bytes of LESS source (every imported file together) a compile may read. */
  maxSourceBytes: number;
  /** The worker's heap: a compile that grows past it fails instead of growing the server. */
  maxHeapMb: number;
}

export const STYLE_COMPILE_LIMITS: StyleCompileLimits = { timeoutMs: 5000, maxSourceBytes: 2 * 1024 * 1024, maxHeapMb: 256 };

/** A LESS failure as the worker reports it: line 1-based, column 0-based, as LESS gives them. */
interface WorkerFailure {
  message: string;
  /** LESS's kind of error: 'Name', 'Argument' and 'Runtime' are a statement's evaluation failing. */
  type: string | null;
  filename: string | null;
  line: number | null;
  column: number | null;
}

type WorkerOutcome = { css: string } | { failure: WorkerFailure } | { problem: string };

const WORKER_URL = new URL('./less-worker.mjs', import.meta.url);

/** LESS functions that read a file's bytes: refused, as a compile reads the folder's text files only. */
const FILE_FUNCTIONS = ['data-uri', 'image-size', 'image-width', 'image-height'];

/** What the worker answers what it refuses to do (the worker is plain JavaScript: the catalogue is here). */
const WORKER_REFUSALS = {
  plugin: themeMessages.stylesheetPluginRefused,
  fileFunctions: Object.fromEntries(FILE_FUNCTIONS.map((name) => [name, themeMessages.stylesheetFileFunctionRefused])),
  syncRead: themeMessages.stylesheetSyncReadRefused,
};

/**
 * Runs one LESS compile in a worker thread. The worker asks for every file it imports; this
 * thread reads it through `read`, the folder's source (nothing outside the folder, nothing over
 * the network) and counts the bytes. A compile past the deadline or the byte cap is stopped.
 */
function compileInWorker(read: (path: string) => string | undefined, input: string, modifyVars: Record<string, string>, limits: StyleCompileLimits): Promise<WorkerOutcome> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, {
        workerData: { input, filename: 'styles/template.conf.less', modifyVars, refusals: WORKER_REFUSALS },
        // plain JavaScript: without the parent's loaders (the development server's TypeScript
        // loader), a worker starts in about half the time, and each save that changes a
        // stylesheet starts one
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
        stdout: true,
        stderr: true,
      });
    } catch (error) {
      resolve({ problem: themeMessages.stylesheetWorkerFailed(error instanceof Error ? error.message : String(error)) });
      return;
    }
    // Whatever LESS prints is dropped: problems come back as messages.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    let bytesRead = Buffer.byteLength(input);
    const finish = (outcome: WorkerOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      resolve(outcome);
    };
    const deadline = setTimeout(() => finish({ problem: themeMessages.stylesheetTimedOut(limits.timeoutMs) }), limits.timeoutMs);
    worker.on('message', (message: { type: 'read'; id: number; candidates: string[] } | { type: 'done'; css: string } | { type: 'failed'; error: WorkerFailure }) => {
      if (message.type === 'done') finish({ css: message.css });
      else if (message.type === 'failed') finish({ failure: message.error });
      else {
        let file: { contents: string; filename: string } | null = null;
        for (const candidate of message.candidates) {
          const contents = candidate.startsWith('../') ? undefined : read(candidate);
          if (contents !== undefined) {
            file = { contents, filename: candidate };
            break;
          }
        }
        // none in the folder: a stylesheet the platform gives every template (sqs-grid-breaker)
        file ??= platformStylesheet(message.candidates);
        if (file !== null) {
          bytesRead += Buffer.byteLength(file.contents);
          if (bytesRead > limits.maxSourceBytes) {
            finish({ problem: themeMessages.stylesheetTooLarge(limits.maxSourceBytes) });
            return;
          }
        }
        worker.postMessage({ id: message.id, file });
      }
    });
    // A worker that dies (out of memory, say) before it answers is a failed compile.
    worker.on('error', (error) => finish({ problem: themeMessages.stylesheetWorkerFailed(error.message) }));
    worker.on('exit', (code) => finish({ problem: themeMessages.stylesheetWorkerFailed(`exit code ${code}`) }));
  });
}

/**
 * Compiles the stylesheets template.conf names, in order, after styles/reset.css when the folder
 * has one (compiledStylesheets), as one LESS stylesheet (so a variable
 * or mixin of one file serves the later ones, as on the platform), with the tweak values set, the
 * variables of its font tweaks defined, and the platform's own importable stylesheets at hand.
 * A named file the folder lacks is left out with a warning; a compile error, or a compile that
 * passes the limits, gives no CSS and one problem with the file, line and column LESS reports.
 */
export async function compileFolderStyles(folder: TemplateFolder, limits: StyleCompileLimits = STYLE_COMPILE_LIMITS): Promise<CompiledStyles> {
  const inputs = new StyleInputs(folder);
  const read = (path: string): string | undefined => inputs.read(path);
  const problems = missingStylesheets(folder, read);
  const imports: string[] = [];
  // the variables the platform makes of each font tweak's rule, before the files that read them
  // (a file's own definition, later, wins)
  const fontVariables: string[] = [];
  for (const name of compiledStylesheets(folder, read)) {
    const text = read(`styles/${name}`);
    if (text === undefined) continue;
    // Plain .css files go through LESS too, as the platform processes every stylesheet.
    imports.push(`@import ${name.endsWith('.less') ? '' : '(less) '}${JSON.stringify(name)};`);
    const variables = fontTweakVariables(text);
    if (variables !== '') fontVariables.push(variables);
  }
  if (imports.length === 0) return { css: '', compiled: true, problems, inputs };
  const input = [...fontVariables, ...imports].join('\n');
  // Best effort: a statement that fails to evaluate (an undefined variable, a mixin call that
  // matches no definition, a function refusing its arguments, a missing import) is a warning at
  // its place, and the stylesheet is compiled again without it, so the rest of it is still served
  // (as a browser drops the declaration it cannot read, rather than the whole stylesheet): the
  // page works, and a template written for the platform often meets one (a platform stylesheet,
  // a module its build installs).
  // each file as the compiles read it: LESS 1.3's selectors rewritten once, the statements left out blanked
  const compiledTexts = new Map<string, string | undefined>();
  const readLeftOut = (path: string): string | undefined => {
    if (!compiledTexts.has(path)) {
      const text = read(path);
      compiledTexts.set(path, text === undefined || !path.endsWith('.less') ? text : asLess4Selectors(text));
    }
    return compiledTexts.get(path);
  };
  const modifyVars = tweakVariables(folder.conf);
  const started = Date.now();
  for (let leftOutCount = 0; ; leftOutCount++) {
    const outcome = await compileInWorker(readLeftOut, input, modifyVars, limits);
    if ('css' in outcome) return { css: outcome.css, compiled: true, problems, inputs };
    if ('problem' in outcome) {
      problems.push({ file: 'styles', line: 0, column: 0, message: outcome.problem, severity: 'error' });
      return { css: '', compiled: false, problems, inputs: null };
    }
    const error = outcome.failure;
    const file = error.filename && error.filename !== 'input' ? error.filename : 'styles';
    const line = error.line;
    const column = error.column !== null ? error.column + 1 : null;
    const blanked = leavesOut(error, leftOutCount, started, limits) ? blankedStatement(readLeftOut(file), error) : null;
    if (blanked !== null) {
      compiledTexts.set(file, blanked);
      const message = withVariableGuess(platformStylesheetNamed(error, file) ?? assembledMixin(error, folder) ?? error.message, inputs, folder);
      problems.push({ file, line: line!, column: column!, message: themeMessages.stylesheetStatementLeftOut(message), severity: 'warning' });
      continue;
    }
    problems.push({
      file,
      line: line ?? 0,
      column: column ?? 0,
      // the problem carries its place; every reader of it (log, overlay, check) names it once
      message: withOpenBraceHint(withVariableGuess(error.message, inputs, folder), read(file), line ?? 0, column ?? 0),
      severity: 'error',
    });
    return { css: '', compiled: false, problems, inputs };
  }
}

/**
 * For an import of one of the platform's own stylesheets, which templates import by a bare name
 * (`@import 'svg-icon-templates';`) and this server does not have, a message that says so.
 */
function platformStylesheetNamed(error: WorkerFailure, file: string): string | undefined {
  if (error.type !== 'File') return undefined;
  const name = /^'([a-z][a-z0-9-]*)' wasn't found/.exec(error.message)?.[1];
  return name === undefined ? undefined : themeMessages.platformStylesheetMissing(name, file.slice(0, file.lastIndexOf('/') + 1));
}

/**
 * For a mixin the stylesheets never define, in a folder built by Squarespace's toolbelt: its
 * modules' stylesheets (endeavor's @squarespace/social-links) are assembled into build/, so the
 * mixin may be theirs.
 */
function assembledMixin(error: WorkerFailure, folder: TemplateFolder): string | undefined {
  if (error.type !== 'Name' || !/^\.[\w-]+ is undefined$/.test(error.message)) return undefined;
  return buildCommand(folder) === ASSEMBLE ? themeMessages.mixinFromAssembledModule(error.message) : undefined;
}

/** Evaluation errors: the statement at the error's place is left out and the compile runs again. */
const STATEMENT_ERRORS = new Set(['Name', 'Argument', 'Runtime', 'File']);
/** The most statements one compile leaves out before it fails with the next error. */
const MAX_LEFT_OUT = 8;

/** Whether the failed compile may leave out the statement at the error's place and run again. */
function leavesOut(error: WorkerFailure, leftOutSoFar: number, started: number, limits: StyleCompileLimits): boolean {
  if (error.type === null || !STATEMENT_ERRORS.has(error.type)) return false;
  if (error.filename === null || !error.filename.startsWith('styles/') || error.line === null || error.column === null) return false;
  return leftOutSoFar < MAX_LEFT_OUT && Date.now() - started < limits.timeoutMs;
}

function blankedStatement(text: string | undefined, error: WorkerFailure): string | null {
  return text === undefined ? null : blankStatementAt(text, error.line!, error.column!);
}

/**
 * The compile's own problems: its errors and the statements it left out, without the stylesheets
 * template.conf names and styles/ lacks, which the folder's check and pages warn of already.
 */
export function compileProblems(styles: CompiledStyles): FolderProblem[] {
  return styles.problems.filter((problem) => problem.file !== 'template.conf');
}

/** LESS's message for an undefined variable, with the declared one of the closest name when it looks mistyped. */
function withVariableGuess(message: string, inputs: StyleInputs, folder: TemplateFolder): string {
  const guess = undefinedVariableGuess(message, inputs.texts(), Object.keys(folder.conf.tweaks));
  return guess === undefined ? message : themeMessages.didYouMean(message, guess);
}

/**
 * LESS's message, with the `{` of the file that is never closed when there is one before the
 * place of the error: LESS then reports the end of the file, and the author looks for the brace.
 */
function withOpenBraceHint(message: string, text: string | undefined, line: number, column: number): string {
  const brace = text === undefined ? null : unclosedBrace(text);
  if (brace === null || brace.line > line || (brace.line === line && brace.column > column)) return message;
  return themeMessages.stylesheetBraceNotClosed(message, brace.line, brace.column);
}

/** A short fingerprint for the stylesheet URL, so a changed folder is fetched afresh. */
export function stylesheetUrl(version: string): string {
  return `${STYLESHEET_PATH}?v=${createHash('sha256').update(version).digest('hex').slice(0, 12)}`;
}
