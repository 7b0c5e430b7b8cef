/**
 * `tmpl check PATH...`: compiles templates (files, or folders walked for
 * .tmpl and .block files) and reports every problem with its position:
 * syntax errors, `.eval` expressions that cannot compile, and with
 * `--partials DIR` every `apply` or `.include` name that names no partial
 * and no macro. A JSON file named directly (data, a .conf) is read as JSON,
 * never compiled as a template, and counted as what it is.
 */
import { extname } from 'node:path';
import { templateFolderRoot } from '../../../server/theme/template-folder-root.ts';
import { messages } from '../../messages.ts';
import { defaultRegistry } from '../../plugins/index.ts';
import { compile, type Template, type TemplateError } from '../../template.ts';
import { stringOption, usageError, type Command } from '../command.ts';
import { collectCheckedFiles, enclosingTemplateFolder, isJsonFile, readJsonText, readPartials, readTemplateFile, shownFolder, type PartialFile } from '../inputs.ts';
import { CliFailure, EXIT } from '../io.ts';
import { cliMessages } from '../messages.ts';
import { reportErrors, type SourceFinder } from '../report.ts';

export const checkCommand: Command = {
  name: 'check',
  summary: 'report every error of templates (files or folders) with its position',
  help: `usage: tmpl check PATH... [--partials DIR]

Compiles each template and prints every problem as FILE:LINE:COLUMN message
with a code frame: syntax errors, unknown formatters and predicates (with the
closest known name), arguments a formatter or predicate does not take (with
the forms it does), and .eval expressions that cannot compile; an .eval
operator written without an operand is a warning (Squarespace accepts it). A PATH that is
a folder is walked for .tmpl and .block files; a developer-template folder (one
with template.conf) is checked as the storefront loads it: every region, list,
item, page, system page and block, the blocks and navigations they apply, the
layouts, stylesheets and scripts template.conf names, the /assets/ files the
templates refer to, and {squarespace...} values the platform does not give
(tmpl check DIR --help says more). A .json or .conf file
named directly is checked as JSON (the data tmpl render --data reads), not as
a template. Problems are printed on stderr; the last line, on stdout whether
or not there are errors, counts the templates and JSON files checked and the
errors found. A file that cannot be read (an image named .tmpl, JSON nested
too deep) is one error of that file; the other files are still checked.

With --partials DIR, every {x|apply NAME} and {.include NAME} must name a
partial in DIR or a macro the template defines (or gets from a partial it
includes); a missing partial or unknown macro is reported where it is used,
with the closest partial name when one is near. Without it, partials are not
looked up, and a note says how many names went unchecked. A file of a
developer template named on its own (tmpl check my-template/site.region) is
checked for its syntax alone, and a note names the folder's check instead.

options:
  --partials DIR   the partials the templates apply and include
  -h, --help       this help

exit codes: 0 no errors (warnings allowed), 1 errors were found, 2 usage or input problem`,
  options: { partials: { type: 'string' } },
  async run(args, io) {
    if (args.positionals.length === 0) throw usageError(checkCommand, cliMessages.missingArgument('PATH (a template or a folder)'));
    const partialsDir = stringOption(args, 'partials');
    // A developer-template folder is checked whole, by its own command (main.ts sends a first
    // argument there); among other paths it would be walked for .block files alone.
    const folder = args.positionals.find((path) => templateFolderRoot(path) !== null);
    if (folder !== undefined) throw usageError(checkCommand, cliMessages.templateFolderAmongPaths(folder));
    const files = collectCheckedFiles(args.positionals);
    const partials = partialsDir === undefined ? null : readPartials(partialsDir);
    const resolver = partials === null ? null : new PartialResolver(partials);
    const partialNames = partials === null ? undefined : [...partials.keys()];
    // Without --partials nothing is looked up: the names used are counted, so the summary does not claim them.
    const notLookedUp = new Set<string>();
    // A template folder's files named one by one are checked as single templates: their folder's check is what to run.
    const ofFolders = new Map<string, string[]>();
    let errorCount = 0;
    let failedFiles = 0;
    let jsonFiles = 0;
    let warningCount = 0;
    for (const file of files) {
      const json = isJsonFile(file);
      if (json) jsonFiles++;
      let source: string;
      let errors: TemplateError[] = [];
      try {
        source = readTemplateFile(file);
        if (json) errors = extname(file) === '.conf' ? await confErrors(source, file) : jsonErrors(source, file);
      } catch (e) {
        // A file that cannot be read (an image named .tmpl, JSON nested past the limit) is that
        // file's problem, said in its one line: the other files are still checked, and counted.
        if (!(e instanceof CliFailure)) throw e;
        io.err(e.message);
        errorCount++;
        failedFiles++;
        continue;
      }
      if (!json) {
        const template = compile(source, { name: file });
        errors = [...template.errors, ...analysisErrors(template, file, resolver)];
        errors.sort((a, b) => a.line - b.line || a.column - b.column);
        const warnings = analysisWarnings(template);
        for (const warning of warnings) io.err(cliMessages.placedWarning(file, warning.line, warning.column, warning.message));
        warningCount += warnings.length;
        // a .tmpl page is a single template wherever it lies; a .region, .list, .item, .page or .block is the folder's
        const folder = extname(file) === '.tmpl' ? undefined : enclosingTemplateFolder(file);
        if (folder !== undefined) ofFolders.set(folder, [...(ofFolders.get(folder) ?? []), file]);
        else if (resolver === null) for (const name of partialNamesUsed(template)) notLookedUp.add(name);
      }
      if (errors.length === 0) continue;
      const find: SourceFinder = () => ({ path: file, source });
      reportErrors(errors, find, defaultRegistry, io, partialNames);
      errorCount += errors.length;
      failedFiles++;
    }
    if (notLookedUp.size > 0) io.err(cliMessages.partialsNotLookedUp(notLookedUp.size));
    for (const [folder, inFolder] of ofFolders) io.err(cliMessages.filesOfTemplateFolder(inFolder, folder, shownFolder(folder)));
    // The summary is the command's result, on stdout whatever it found (as a folder's check prints
    // it), so a script reads the counts there and the diagnostics on stderr; the exit code tells failure.
    io.out(cliMessages.checkSummary({ templates: files.length - jsonFiles, jsonFiles }, { errors: errorCount, errorFiles: failedFiles, warnings: warningCount }));
    return errorCount === 0 ? EXIT.ok : EXIT.templateErrors;
  },
};

/**
 * A developer template's `.conf` problem, read by the storefront's own reader of template.conf
 * (loaded only for one): placed and worded as the folder's check, the development overlay and the
 * server place it (a comma left out at the end of the value it should follow).
 */
async function confErrors(source: string, file: string): Promise<TemplateError[]> {
  const { parseConfJson } = await import('../../../server/theme/template-conf.ts');
  const read = parseConfJson(source);
  return read.ok ? [] : [{ message: read.message, line: read.line, column: read.column, name: file }];
}

/** A JSON file's problem, placed and framed like a template's error. */
function jsonErrors(source: string, file: string): TemplateError[] {
  const read = readJsonText(source, file);
  return 'value' in read ? [] : [{ message: cliMessages.jsonInvalid(read.problem), line: read.line, column: read.column, name: file }];
}

/** The partial (or macro) names a template applies or includes, but for the macros it defines itself. */
function partialNamesUsed(template: Template): string[] {
  const analysis = template.analyze();
  const own = new Set(analysis.macros.map((macro) => macro.name));
  return analysis.partials.map((use) => use.name).filter((name) => !own.has(name));
}

/** What the tree shows beyond the compile errors: `.eval`s that cannot compile, unresolved partials and macros. */
function analysisErrors(template: Template, file: string, resolver: PartialResolver | null): TemplateError[] {
  const analysis = template.analyze();
  const errors: TemplateError[] = [];
  for (const use of analysis.evals) {
    for (const message of use.problems) errors.push({ message, line: use.line, column: use.column, name: file });
  }
  if (resolver === null) return errors;
  const macros = resolver.macrosVisibleFrom(template);
  for (const use of analysis.partials) {
    if (macros.has(use.name) || resolver.has(use.name)) continue;
    // in the render's own words for an include too, so the slip reads alike (and gets the same hint) wherever it is reported
    errors.push({ message: messages.partialMissing(use.name), line: use.line, column: use.column, name: file });
  }
  return errors;
}

/** What the tree shows that the references accept but that will not do what it says: `.eval`s missing an operand. */
function analysisWarnings(template: Template): { message: string; line: number; column: number }[] {
  return template.analyze().evals.flatMap((use) => use.warnings.map((message) => ({ message, line: use.line, column: use.column })));
}

/** Partials by name, compiled once, and the macros a template can reach through its includes. */
class PartialResolver {
  private readonly compiled = new Map<string, Template>();

  constructor(private readonly partials: Map<string, PartialFile>) {}

  has(name: string): boolean {
    return this.partials.has(name);
  }

  /** Macros the template defines, and those defined by the partials it includes (an include runs for its effects). */
  macrosVisibleFrom(template: Template): Set<string> {
    const names = new Set<string>();
    const seen = new Set<Template>();
    const visit = (t: Template): void => {
      if (seen.has(t)) return;
      seen.add(t);
      const analysis = t.analyze();
      for (const macro of analysis.macros) names.add(macro.name);
      for (const use of analysis.partials) {
        if (use.via !== 'include') continue;
        const partial = this.compiledPartial(use.name);
        if (partial !== undefined) visit(partial);
      }
    };
    visit(template);
    return names;
  }

  private compiledPartial(name: string): Template | undefined {
    const file = this.partials.get(name);
    if (file === undefined) return undefined;
    let template = this.compiled.get(file.path);
    if (template === undefined) this.compiled.set(file.path, (template = compile(file.source, { name })));
    return template;
  }
}
