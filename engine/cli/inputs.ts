/**
 * Reading what the author points `tmpl` at: template files, JSON data,
 * partials folders and folders of templates. Every problem becomes one
 * clear line (a CliFailure), never a stack trace.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, extname, join, resolve, sep } from 'node:path';
import { JsonSyntaxError, JsonTooDeepError, parseJson } from '../runtime/json-reader.ts';
import { LineIndex } from '../syntax/positions.ts';
import { CliFailure } from './io.ts';
import { cliMessages } from './messages.ts';
import { isTemplateText } from './template-text.ts';

/** Extensions of template files found when walking a folder (pages and partials). */
export const TEMPLATE_EXTENSIONS: readonly string[] = ['.tmpl', '.block'];

/** Extensions of JSON files (a render's data, a developer template's .conf files): never templates. */
export const JSON_EXTENSIONS: readonly string[] = ['.json', '.conf'];

export function isJsonFile(path: string): boolean {
  return JSON_EXTENSIONS.includes(extname(path).toLowerCase());
}

/** A file system failure's reason, in words (permission denied), else Node's message. */
export function reasonOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (e as Error).message;
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function statOf(path: string, missing: (path: string) => string): Stats {
  try {
    return statSync(path);
  } catch (e) {
    throw new CliFailure(isMissing(e) ? missing(path) : cliMessages.unreadable(path, reasonOf(e)));
  }
}

/** A path's problem named after the option that gave it (`--data`), with what the option takes. */
function afterOption(option: string | undefined, problem: string): string {
  return option === undefined ? problem : cliMessages.optionPathProblem(option, problem, cliMessages.optionValues[option.slice(2)] ?? '');
}

/**
 * The text of a file the command needs; a missing file, a directory or an unreadable file is a
 * one-line failure, named after `option` when an option gave the path.
 */
export function readTextFile(path: string, option?: string): string {
  if (statOf(path, (missing) => afterOption(option, cliMessages.fileMissing(missing))).isDirectory()) throw new CliFailure(afterOption(option, cliMessages.isDirectory(path)));
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new CliFailure(isMissing(e) ? cliMessages.fileMissing(path) : cliMessages.unreadable(path, reasonOf(e)));
  }
}

/**
 * The text of a template the author named (or one a named folder holds): a file with NUL bytes is
 * an image, a program or text saved as UTF-16, which would otherwise render as itself, garbled.
 */
export function readTemplateFile(path: string): string {
  const text = readTextFile(path);
  if (!isTemplateText(text)) throw new CliFailure(cliMessages.notText(path));
  return text;
}

/**
 * The reader's problem with what was found at its position (a problem that names the end already
 * says it), and what JSON wants instead where the text looks like JavaScript: a comma after the last
 * item, single quotes, a comment.
 */
export function describeJsonProblem(text: string, error: JsonSyntaxError): string {
  if (error.position >= text.length) {
    return error.problem.startsWith('expected') ? cliMessages.jsonFoundCharacter(error.problem, 'the end of the input') : error.problem;
  }
  const found = String.fromCodePoint(text.codePointAt(error.position) as number);
  // Some editors start a UTF-8 file with an invisible byte-order mark, which JSON does not allow.
  if (found === '\uFEFF' && error.position === 0) return cliMessages.jsonByteOrderMark;
  if ((found === ']' || found === '}') && /,\s*$/.test(text.slice(0, error.position))) return cliMessages.jsonTrailingComma(found);
  const problem = cliMessages.jsonFoundCharacter(error.problem, JSON.stringify(found).replace(/^"|"$/g, "'"));
  // A name written bare, as JavaScript allows ({title: "x"}), wants its quotes as much as a single-quoted one.
  if (found === "'" || (error.problem === 'expected a property name' && /[\p{L}_$]/u.test(found))) {
    return cliMessages.jsonNote(problem, cliMessages.jsonDoubleQuotes);
  }
  if (found === '/' && /^\/[/*]/.test(text.slice(error.position))) return cliMessages.jsonNote(problem, cliMessages.jsonNoComments);
  return problem;
}

/** Where a JSON text goes wrong and what is wrong there. */
export interface JsonProblem {
  line: number;
  column: number;
  problem: string;
}

/**
 * Deepest nesting of arrays and objects tmpl reads as a page's data: a page's context is a few
 * levels deep, so far deeper text is not one (a golden file's :JSON is read without this limit).
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * The text of `path` read as the engine reads JSON (1.0 stays a double), or its first problem.
 * Well-formed JSON nested past MAX_JSON_DEPTH is an input problem of its own (a CliFailure).
 */
export function readJsonText(text: string, path: string): { value: unknown } | JsonProblem {
  try {
    return { value: parseJson(text, { maxDepth: MAX_JSON_DEPTH }) };
  } catch (e) {
    if (e instanceof JsonTooDeepError) {
      const { line, column } = new LineIndex(text).position(e.position);
      throw new CliFailure(cliMessages.jsonTooDeep(path, line, column, e.limit));
    }
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { ...new LineIndex(text).position(e.position), problem: describeJsonProblem(text, e) };
  }
}

/**
 * Data for a render, read as the engine reads JSON (1.0 stays a double). A
 * malformed file is reported as `data.json:3:14 Invalid JSON: …`.
 */
export function readJsonData(path: string, option?: string): unknown {
  const read = readJsonText(readTextFile(path, option), path);
  if ('value' in read) return read.value;
  throw new CliFailure(cliMessages.jsonMalformed(path, read.line, read.column, read.problem));
}

/** A partial's source and the file it came from. */
export interface PartialFile {
  path: string;
  source: string;
}

/**
 * The partials of a folder, each known by its file name with and without its
 * extension (`card.block` and `card`), as templates name them in `apply`.
 * A file that is not text would render as itself, garbled: one named as a
 * template (an image renamed `logo.block`) is refused as `tmpl check` names it,
 * as the storefront refuses it in a folder's partials, and any other (a
 * `.DS_Store`, `logo.png`) is no partial.
 */
export function readPartials(dir: string): Map<string, PartialFile> {
  // Named after --partials, the only way a partials folder is given.
  if (!statOf(dir, (path) => afterOption('--partials', cliMessages.directoryMissing(path))).isDirectory()) throw new CliFailure(afterOption('--partials', cliMessages.notDirectory(dir)));
  const partials = new Map<string, PartialFile>();
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    // a link to nothing is not a partial, as a folder is not
    if (linkedKind(path)?.isFile() !== true) continue;
    const source = readTextFile(path);
    if (!isTemplateText(source)) {
      if (TEMPLATE_EXTENSIONS.includes(extname(entry))) throw new CliFailure(cliMessages.notText(path));
      continue;
    }
    const file = { path, source };
    partials.set(entry, file);
    const ext = extname(entry);
    if (ext && !partials.has(entry.slice(0, -ext.length))) partials.set(entry.slice(0, -ext.length), file);
  }
  return partials;
}

/** What a path is, a symbolic link followed; undefined when there is nothing there (a link to nothing too). */
export function linkedKind(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The developer-template folder (one with template.conf) that `dir` (or a file) is inside, spelled
 * from it as given; undefined when none.
 */
export function enclosingTemplateFolder(dir: string): string | undefined {
  for (let up = join(dir, '..'); ; up = join(up, '..')) {
    if (existsSync(join(up, 'template.conf'))) return up;
    if (resolve(up) === resolve(up, '..')) return undefined;
  }
}

/**
 * A template folder as a sentence names it: by its own name when it is spelled with dots alone
 * (`.` from a file inside it reads "the developer-template folder my-template (this folder)").
 */
export function shownFolder(folder: string): string {
  return folder.split(sep).every((part) => part === '.' || part === '..') ? cliMessages.folderByName(basename(resolve(folder)), folder) : folder;
}

/**
 * Files named directly (templates, or JSON files by their extension), and the templates (.tmpl,
 * .block) found walking named folders, in a stable order.
 */
export function collectCheckedFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  // A template linked in from elsewhere is checked like any other; each folder once, so a link back up ends.
  const walked = new Set<string>();
  const walk = (dir: string): void => {
    const real = realpathSync(dir);
    if (walked.has(real)) return;
    walked.add(real);
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      const kind = entry.isSymbolicLink() ? linkedKind(path) : entry;
      if (kind?.isDirectory()) {
        // Walked, a developer template would be checked for its .block files alone, its pages missed.
        if (existsSync(join(path, 'template.conf'))) throw new CliFailure(cliMessages.templateFolderInside(path));
        walk(path);
      } else if (kind?.isFile() && TEMPLATE_EXTENSIONS.includes(extname(entry.name))) files.push(path);
    }
  };
  for (const path of paths) {
    if (!statOf(path, cliMessages.fileMissing).isDirectory()) {
      files.push(path);
      continue;
    }
    const before = files.length;
    walk(path);
    if (files.length === before) {
      // A developer template's collections/ holds .list and .item files, which only its folder's check reads.
      const folder = enclosingTemplateFolder(path);
      throw new CliFailure(folder === undefined ? cliMessages.noTemplatesFound(path) : cliMessages.noTemplatesInTemplateFolder(path, folder, shownFolder(folder)));
    }
  }
  return files;
}
