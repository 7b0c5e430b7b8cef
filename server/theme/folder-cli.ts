/**
 * `tmpl` on developer-template folders, loaded only when a command names a folder with
 * template.conf, so plain `tmpl` calls never load it:
 *
 *   tmpl check DIR                                   every problem of the folder; exit 1 on errors
 *   tmpl render DIR --page URL --data context.json [--site site.json] [--locale L] [--now MS]
 *                   [--out FILE] [--css-out FILE] [--allow-errors]
 *
 * They are commands like the file commands (engine/cli/command.ts): the same --help, option
 * checks with a likely name for a mistyped one, messages and exit codes, and data read by the
 * engine's JSON reader (a place for a mistake; 1.0 stays 1.0).
 */
import path from 'node:path';
import { codeFrame, defaultRegistry, tagAt } from '../../engine/index.ts';
import { distinctTemplateErrors } from '../../engine/diagnostics/distinct-errors.ts';
import { onePositional, parseCommandArgs, stringOption, usageError, type Command, type ParsedArgs } from '../../engine/cli/command.ts';
import { readJsonData } from '../../engine/cli/inputs.ts';
import { CliFailure, EXIT } from '../../engine/cli/io.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
import { checkOutputTarget, PAGE_OUTPUT, STYLESHEET_OUTPUT } from '../../engine/cli/output-target.ts';
import { parseLocale, parseNow, writeOutput } from '../../engine/cli/render-job.ts';
import { messageWithHint } from '../../engine/cli/report.ts';
import { asAuthorSeesIt, checkTemplateFolder } from './folder-check.ts';
import { isNotTextProblem, loadTemplateFolder, placeOf, type FolderProblem } from './folder-loader.ts';
import { compileFolderStyles, compileProblems } from './folder-styles.ts';
import { contextPageType, PAGE_CONTEXT_FIELDS } from './page-target.ts';
import { renderFolderPage } from './render-folder-page.ts';
import { pageProblemsOf } from './page-problems.ts';
import { parseStaticSiteData } from './static-platform-data.ts';
import { PLATFORM_TAG_KINDS } from './platform-tags.ts';
import { DiskTemplateSource, type TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

/** Where the folder commands write: results, and errors with their code frames; a page exactly as rendered when `write` is there. */
export interface FolderCliIo {
  out: (s: string) => void;
  err: (s: string) => void;
  write?: (s: string) => void;
}

/**
 * One problem as `file:line:column severity: message`, the file named from the folder as the
 * command was given it (`my-template/site.region`), so a terminal or editor opens it from where
 * the command ran, with the hint the file commands give (a likely name, a block's missing
 * {.end}); then a code frame for an error.
 */
function printProblem(problem: FolderProblem, dir: string, source: TemplateSource, io: FolderCliIo): void {
  const file = path.join(dir, problem.file);
  const text = problem.line > 0 ? source.read(problem.file) : undefined;
  const tag = text === undefined ? undefined : tagAt(text, problem.line, problem.column);
  io.err(`${placeOf({ ...problem, file })} ${problem.severity}: ${messageWithHint(problem.message, defaultRegistry, { tag, source: text, at: problem })}`);
  if (text !== undefined && problem.severity === 'error') io.err(codeFrame(text, problem.line, problem.column));
}

export const folderCheckCommand: Command = {
  name: 'check',
  summary: 'check a developer-template folder',
  help: `usage: tmpl check DIR

Checks a developer-template folder (one with template.conf) as the storefront
serves it: template.conf and every .conf, every region, list, item, page,
system page and block, the blocks, navigation and tag templates they name,
every .eval expression, the layouts regionName names, and the stylesheets.
Warnings name what still renders but is likely not meant: a stylesheet,
script or asset the folder lacks, a {squarespace...} value the platform does
not give, a navigation template.conf does not declare, a regionName that
names a region rather than a layout, a block that applies itself on every
render.
Each problem is printed on stderr as DIR/FILE:LINE:COLUMN severity: message
(a code frame under each error), then a line on stdout with what was checked
and the counts. One folder is checked per run.

options:
  --quiet              print errors only (the summary still counts the warnings)
  -h, --help           this help

exit codes: 0 no errors (warnings allowed), 1 errors, 2 usage problem`,
  options: { quiet: { type: 'boolean' } },
  // Given out of habit from `tmpl check FILE --partials DIR`: the folder's blocks/ are its partials.
  foreignOptions: { partials: cliMessages.partialsOfTemplateFolder },
  async run(args, io) {
    // Each folder's problems and summary are one run's, as its exit code is: the others are named, to run after it.
    if (args.positionals.length > 1) throw usageError(folderCheckCommand, cliMessages.oneTemplateFolderAtATime(args.positionals));
    const dir = onePositional(folderCheckCommand, args, 'DIR (the template folder)');
    const source = new DiskTemplateSource(dir);
    const result = checkTemplateFolder(source);
    // The stylesheets compile too; the check already warned about any that are missing.
    const load = loadTemplateFolder(source);
    // Its errors, and the statements its best-effort compile left out.
    const styleProblems = load.folder === null ? [] : compileProblems(await compileFolderStyles(load.folder));
    const problems = [...result.problems, ...styleProblems];
    const quiet = args.values.quiet === true;
    for (const problem of problems) if (!quiet || problem.severity === 'error') printProblem(problem, dir, source, io);
    const errors = problems.filter((problem) => problem.severity === 'error');
    const warnings = result.warnings + styleProblems.filter((problem) => problem.severity === 'warning').length;
    const found = { errors: errors.length, errorFiles: new Set(errors.map((problem) => problem.file)).size, warnings };
    io.out(`${dir}: ${cliMessages.checkSummary(result.checked, found)}`);
    return errors.length > 0 ? EXIT.templateErrors : EXIT.ok;
  },
};

/** The platform tags that read the site's data (navigations, collections, blocks): all but the script loader. */
const SITE_DATA_TAG = new RegExp(`<squarespace:(${PLATFORM_TAG_KINDS.filter((kind) => kind !== 'script').join('|')})\\b`, 'g');

/** The site-data tags the texts write, each named once, in alphabetical order (the same note for every page). */
function siteDataTagsIn(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(SITE_DATA_TAG)) found.add(match[1]!);
  }
  return [...found].sort();
}

export const folderRenderCommand: Command = {
  name: 'render',
  summary: 'render one page of a developer-template folder',
  help: `usage: tmpl render DIR --page URL --data context.json [--site site.json]
                  [--locale LOCALE] [--now EPOCH_MS] [--out FILE] [--css-out FILE]
                  [--allow-errors]

Renders the page at URL as the storefront composes it from the folder DIR
(one with template.conf): its regions around the collection, item, page or
system template (or the built-in page), with the platform tags and headers.
The template is picked as the server picks it, from URL and the context's
pageType (a context without one is read by its collection and item). A
context answered at another address (a product's, given with --page /shop)
renders its own page, with a warning naming both.
The headers link the folder's stylesheet as the server does
(/site.css?v=..., the address the running server answers it at); --css-out
writes that stylesheet, compiled, to a file.

options:
  --page URL           the page's address, such as / or /shop/p/linen-shirt
  --data FILE.json     the page's context: what the running store answers at
                       that address with ?format=json (read as the engine reads
                       JSON: 1.0 stays 1.0)
  --site FILE.json     data for the platform tags: {"navigations": {...},
                       "collections": {...}, "blockFields": {...}}
  --locale LOCALE      the render's locale (default en-US)
  --now EPOCH_MS       the render's clock, in milliseconds since 1970
  --out FILE           write the page to FILE instead of stdout
  --css-out FILE       write the folder's compiled stylesheet to FILE (the CSS
                       the server answers at /site.css; empty when template.conf
                       names no stylesheet; not written when it does not compile)
  --allow-errors       write the page even when its files have syntax errors (as
                       the storefront would serve it), and exit 0 even when
                       errors are reported
  --quiet              print errors only: no warnings or notes
  -h, --help           this help

A page whose files have syntax errors is not written, as for tmpl render FILE
(malformed tags that stay text are reported and the page is still written).
Errors are printed to stderr as DIR/FILE:LINE:COLUMN message with a code frame:
the folder's, each malformed tag in a file the page used (the page keeps it as
text, as the storefront serves it), the render's, and with --css-out the
stylesheet's. Warnings, which leave the exit code as it is, name what the
development overlay warns of on that page: each stylesheet of template.conf
and each script or asset the page loads that the folder lacks, a mistyped
platform value ({squarespace.main-contnet}), a layout without the page's
content, headers or footers.

exit codes: 0 rendered without errors, 1 the folder or the page reported errors,
2 usage or input problem`,
  options: {
    page: { type: 'string' }, data: { type: 'string' }, site: { type: 'string' }, locale: { type: 'string' }, now: { type: 'string' },
    out: { type: 'string' }, 'css-out': { type: 'string' }, 'allow-errors': { type: 'boolean' }, quiet: { type: 'boolean' },
  },
  foreignOptions: { partials: cliMessages.partialsOfTemplateFolder },
  run(args, io) {
    return renderFolder(args, io);
  },
};

async function renderFolder(args: ParsedArgs, io: FolderCliIo): Promise<number> {
  const dir = onePositional(folderRenderCommand, args, 'DIR (the template folder)');
  const page = stringOption(args, 'page');
  const dataFile = stringOption(args, 'data');
  if (page === undefined) throw usageError(folderRenderCommand, themeMessages.renderNeedsPage);
  // 'shop' would be read as no page of the store and render the 404 page, with exit 0
  if (!page.startsWith('/')) throw usageError(folderRenderCommand, themeMessages.renderPageNotPath(page));
  if (dataFile === undefined) throw usageError(folderRenderCommand, themeMessages.renderNeedsData(page));
  const now = parseNow(stringOption(args, 'now'), (problem) => usageError(folderRenderCommand, problem));
  const locale = parseLocale(stringOption(args, 'locale'), (problem) => usageError(folderRenderCommand, problem));
  const siteFile = stringOption(args, 'site');
  const out = stringOption(args, 'out');
  const cssOut = stringOption(args, 'css-out');
  // Neither output may replace the context, the site data or a file of the folder, nor the stylesheet the page.
  const inputs = { files: [{ path: dataFile, is: 'the data file' }, { path: siteFile, is: 'the site file' }], templateFolder: dir };
  if (out !== undefined) checkOutputTarget(folderRenderCommand, PAGE_OUTPUT, out, inputs);
  if (cssOut !== undefined) {
    const pageFile = { path: out, is: cliMessages.pageOutputFile };
    checkOutputTarget(folderRenderCommand, STYLESHEET_OUTPUT, cssOut, { ...inputs, files: [...inputs.files, pageFile] });
  }
  const context = readJsonData(dataFile, '--data');
  if (context === null || typeof context !== 'object' || Array.isArray(context)) throw new CliFailure(themeMessages.contextNotObject(dataFile));
  let data;
  if (siteFile !== undefined) {
    const parsed = parseStaticSiteData(readJsonData(siteFile, '--site'));
    if (!parsed.ok) throw new CliFailure(`${siteFile}: ${parsed.message}`);
    data = parsed.data;
  }
  // --quiet: errors only, every warning and note left out
  const quiet = args.values.quiet === true;
  const note = quiet ? () => {} : io.err;
  // template.conf or a site file given as --data rendered an empty page with exit 0: said once every input is read, and still rendered
  if (!PAGE_CONTEXT_FIELDS.some((field) => Object.hasOwn(context, field))) {
    note(`${dataFile}: warning: ${themeMessages.contextWithoutPageFields(page, PAGE_CONTEXT_FIELDS)}`);
  }
  const source = new DiskTemplateSource(dir);
  const result = renderFolderPage(source, page, context as Record<string, unknown>, { data, locale, now });
  // a template that is not text is an input problem, as for `tmpl render FILE`: one line, exit 2, no page
  const notText = result.problems.find(isNotTextProblem);
  if (notText !== undefined) throw new CliFailure(cliMessages.notText(path.join(dir, notText.file)));
  // The folder's errors, and the malformed tags of the files this page used: the page shows them as
  // text, as the storefront does, but they are errors to the author, as for `render FILE`.
  const used = new Set(result.files);
  const folderErrors = pageProblemsOf(result.problems, used).errors.map(asAuthorSeesIt);
  for (const problem of folderErrors) printProblem(problem, dir, source, io);
  // warnings, as the development overlay gives them: the page still renders
  if (!quiet) for (const problem of result.warnings) printProblem(problem, dir, source, io);
  // the server's pages show the store's navigations and collections there: a render without them is told why they are empty
  if (siteFile === undefined) {
    const tags = siteDataTagsIn(result.files.map((file) => source.read(file) ?? ''));
    if (tags.length > 0) note(themeMessages.noSiteGiven(tags));
  }
  if (result.otherPage !== undefined) {
    const { address, file } = result.otherPage;
    note(`${dataFile}: warning: ${themeMessages.contextOfOtherPage(page, dataFile, address, contextPageType(context as Record<string, unknown>), file)}`);
  }
  // As `tmpl render FILE`: a page built from files with syntax errors is not written (a build's --out
  // kept its last good page), unless asked for; malformed tags kept as text do not stop it.
  const allowErrors = args.values['allow-errors'] === true;
  const broken = [...new Set(folderErrors.filter((problem) => problem.severity === 'error' && problem.validation !== true && used.has(problem.file)).map((problem) => problem.file))];
  if (result.html !== '' && broken.length > 0 && !allowErrors) {
    io.err(themeMessages.pageNotRendered(broken, out));
  } else if (result.html !== '') {
    if (out !== undefined) writeOutput(out, result.html);
    else if (io.write !== undefined) io.write(result.html);
    else io.out(result.html);
  }
  // once per place, with its count: a block applied for each of many items fails for each
  for (const error of distinctTemplateErrors(result.errors)) {
    const file = error.name === undefined ? dir : path.join(dir, error.name);
    const text = error.name !== undefined && error.line > 0 ? source.read(error.name) : undefined;
    const tag = text === undefined ? undefined : tagAt(text, error.line, error.column);
    // a missing block gets the folder's block it likely meant, as `tmpl check` and the development overlay give it
    const hinted = messageWithHint(error.message, defaultRegistry, { tag, source: text, at: error, partials: result.blocks });
    const line = `${placeOf({ file, line: error.line, column: error.column })} ${hinted}`;
    io.err(error.count > 1 ? cliMessages.repeated(line, error.count) : line);
    if (text !== undefined) io.err(codeFrame(text, error.line, error.column));
  }
  const styleProblems = cssOut === undefined ? [] : await writeFolderStyles(source, cssOut);
  for (const problem of styleProblems) if (!quiet || problem.severity === 'error') printProblem(problem, dir, source, io);
  const failed = folderErrors.length > 0 || result.errors.length > 0 || styleProblems.some((problem) => problem.severity === 'error');
  return failed && !allowErrors ? EXIT.templateErrors : EXIT.ok;
}

/**
 * `render --css-out FILE`: the folder's stylesheet compiled as the server serves it, written to
 * FILE (without the statements that failed, as served); a compile that fails as a whole leaves
 * FILE as it was. Its errors and the statements it left out are returned to be reported.
 */
async function writeFolderStyles(source: TemplateSource, file: string): Promise<FolderProblem[]> {
  const load = loadTemplateFolder(source);
  if (load.folder === null) return [];
  const styles = await compileFolderStyles(load.folder);
  if (styles.compiled) writeOutput(file, styles.css);
  return compileProblems(styles);
}

/**
 * Runs `check DIR …` or `render DIR …`; the CLI calls this only for folders with template.conf.
 * A usage or input problem is thrown as a CliFailure, which the CLI prints as one line (exit 2).
 */
export async function runFolderCommand(argv: string[], io: FolderCliIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === 'check' ? folderCheckCommand : name === 'render' ? folderRenderCommand : undefined;
  if (command === undefined) throw new CliFailure(`tmpl: '${name ?? ''}' does not take a template folder`);
  const args = parseCommandArgs(command, rest);
  if (args.help) {
    io.out(command.help);
    return EXIT.ok;
  }
  return await command.run(args, { write: io.write ?? io.out, out: io.out, err: io.err });
}
