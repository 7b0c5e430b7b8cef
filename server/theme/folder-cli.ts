/**
 * `tmpl` on developer-template folders, loaded only when a command names a folder with
 * template.conf, so plain `tmpl` calls never load it:
 *
 *   tmpl check DIR                                   every problem of the folder; exit 1 on errors
 *   tmpl render DIR --page URL --data context.json [--site site.json] [--locale L] [--now MS]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { codeFrame, defaultRegistry } from '../../engine/index.ts';
import { messageWithHint } from '../../engine/cli/report.ts';
import { checkTemplateFolder } from './folder-check.ts';
import { loadTemplateFolder, placeOf, type FolderProblem } from './folder-loader.ts';
import { compileFolderStyles } from './folder-styles.ts';
import { renderFolderPage } from './render-folder-page.ts';
import { parseStaticSiteData } from './static-platform-data.ts';
import { DiskTemplateSource, type TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

export interface FolderCliIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

export const FOLDER_USAGE = `usage:
  tmpl check DIR
  tmpl render DIR --page URL --data context.json [--site site.json] [--locale LOCALE] [--now EPOCH_MS]`;

/**
 * One problem as `file:line:column severity: message`, the file named from the folder as the
 * command was given it (`my-template/site.region`), so a terminal or editor opens it from where
 * the command ran, with the hint the file commands give (a likely name, a block's missing
 * {.end}); then a code frame for an error.
 */
function printProblem(problem: FolderProblem, dir: string, source: TemplateSource, io: FolderCliIo): void {
  const file = path.join(dir, problem.file);
  const where = placeOf({ ...problem, file });
  io.err(`${where} ${problem.severity}: ${messageWithHint(problem.message, defaultRegistry)}`);
  const text = problem.line > 0 && problem.severity === 'error' ? source.read(problem.file) : undefined;
  if (text !== undefined) io.err(codeFrame(text, problem.line, problem.column));
}

function readJsonFile(file: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, message: `${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `${file}: ${(error as Error).message}` };
  }
}

export async function checkFolderCommand(dir: string, io: FolderCliIo): Promise<number> {
  const source = new DiskTemplateSource(dir);
  const result = checkTemplateFolder(source);
  // The stylesheets compile too; the check already warned about any that are missing.
  const load = loadTemplateFolder(source);
  const styleErrors = load.folder === null ? [] : (await compileFolderStyles(load.folder)).problems.filter((p) => p.severity === 'error');
  for (const problem of [...result.problems, ...styleErrors]) printProblem(problem, dir, source, io);
  const errors = result.errors + styleErrors.length;
  io.out(`${dir}: ${themeMessages.checkSummary(errors, result.warnings)}`);
  return errors > 0 ? 1 : 0;
}

export function renderFolderCommand(dir: string, args: string[], io: FolderCliIo): number {
  let values: { page?: string; data?: string; site?: string; locale?: string; now?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { page: { type: 'string' }, data: { type: 'string' }, site: { type: 'string' }, locale: { type: 'string' }, now: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err((error as Error).message);
    io.err(FOLDER_USAGE);
    return 2;
  }
  if (values.page === undefined || values.data === undefined) {
    io.err(values.page === undefined ? themeMessages.renderNeedsPage : themeMessages.renderNeedsData);
    io.err(FOLDER_USAGE);
    return 2;
  }
  const context = readJsonFile(values.data);
  if (!context.ok) {
    io.err(context.message);
    return 2;
  }
  if (context.value === null || typeof context.value !== 'object' || Array.isArray(context.value)) {
    io.err(`${values.data}: the page context must be a JSON object`);
    return 2;
  }
  let data;
  if (values.site !== undefined) {
    const site = readJsonFile(values.site);
    const parsed = site.ok ? parseStaticSiteData(site.value) : site;
    if (!parsed.ok) {
      io.err(site.ok ? `${values.site}: ${parsed.message}` : parsed.message);
      return 2;
    }
    data = parsed.data;
  }
  const source = new DiskTemplateSource(dir);
  const result = renderFolderPage(source, values.page, context.value as Record<string, unknown>, {
    data,
    locale: values.locale,
    now: values.now !== undefined ? Number(values.now) : undefined,
  });
  const folderErrors = result.problems.filter((problem) => problem.severity === 'error');
  for (const problem of folderErrors) printProblem(problem, dir, source, io);
  if (result.html !== '') io.out(result.html);
  for (const error of result.errors) {
    const file = error.name === undefined ? dir : path.join(dir, error.name);
    io.err(`${placeOf({ file, line: error.line, column: error.column })} ${messageWithHint(error.message, defaultRegistry)}`);
    const text = error.name !== undefined && error.line > 0 ? source.read(error.name) : undefined;
    if (text !== undefined) io.err(codeFrame(text, error.line, error.column));
  }
  return folderErrors.length > 0 || result.errors.length > 0 ? 1 : 0;
}

/** Runs `check DIR` or `render DIR …`; the CLI calls this only for folders with template.conf. */
export async function runFolderCommand(argv: string[], io: FolderCliIo): Promise<number> {
  const [command, dir, ...rest] = argv;
  if (dir === undefined) {
    io.err(FOLDER_USAGE);
    return 2;
  }
  if (command === 'check') {
    if (rest.length > 0) {
      io.err(FOLDER_USAGE);
      return 2;
    }
    return await checkFolderCommand(dir, io);
  }
  if (command === 'render') return renderFolderCommand(dir, rest, io);
  io.err(FOLDER_USAGE);
  return 2;
}
