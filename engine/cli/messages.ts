/**
 * What `tmpl` itself says: its usage, input and check messages, in one
 * place. The engine's own messages (syntax and render errors) stay in
 * engine/messages.ts and are printed unchanged.
 */

/** A JSON file's problem, after its place. */
const jsonInvalid = (problem: string): string => `Invalid JSON: ${problem}`;

/** Why a file with NUL bytes is no template. */
const notTextFile = 'not a text file (it holds NUL bytes: an image, a program, or text saved as UTF-16); a template is UTF-8 text';

/** What `tmpl check` read, by kind. */
export interface CheckedFiles {
  templates: number;
  jsonFiles?: number;
  stylesheets?: number;
}

/** What `tmpl check` found: errors and the files they are in; warnings (a template folder's). */
export interface CheckFindings {
  errors: number;
  errorFiles: number;
  warnings?: number;
}

/** An option that writes a file: its name, what it writes ("the page") and a file name to suggest. */
export interface OutputOption {
  option: string;
  writes: string;
  example: string;
}

/** "1 template", "2 templates". */
const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

export const cliMessages = {
  // Usage (exit 2).
  unknownCommand: (name: string, guess?: string) =>
    `tmpl: unknown ${name.startsWith('-') ? 'option' : 'command'} '${name}'.${guess === undefined ? '' : ` Did you mean '${guess}'?`} Run 'tmpl --help' for the commands.`,
  optionGuess: (problem: string, guess: string) => `${problem} (did you mean '${guess}'?)`,
  optionNote: (problem: string, note: string) => `${problem}: ${note}`,
  /** An option given without its value (last, followed by another option, or empty: `--data=`): what it takes, from optionValues. */
  optionWithoutValue: (option: string, wanted: string) => `${option} needs a value: ${wanted}`,
  /** A path an option names that is not what the option takes (`--partials template.conf`). */
  optionPathProblem: (option: string, problem: string, wanted: string) => `${option} ${problem}; ${option} takes ${wanted}`,
  /** What each option that takes a value wants, by its name, for the two messages above. */
  optionValues: {
    data: 'a JSON file, such as --data context.json',
    partials: 'the folder the partials are in, such as --partials partials',
    locale: 'a locale, such as --locale fr-FR',
    now: 'milliseconds since 1970, such as --now 1700000000000',
    out: 'the file to write to, such as --out page.html',
    page: "the page's address, such as --page / or --page /shop/p/linen-shirt",
    site: 'a JSON file of data for the platform tags, such as --site site.json',
    'css-out': 'the file to write the stylesheet to, such as --css-out site.css',
  } as Readonly<Record<string, string>>,
  /** An option of `tmpl render DIR` given with a template file (or a folder without template.conf). */
  folderOnlyOption: (option: string) =>
    `${option} is for a developer-template folder, one with template.conf (tmpl render DIR --page URL --data context.json); a single template renders as tmpl render FILE.tmpl`,
  /** --partials given with a developer-template folder, whose blocks are found where the storefront finds them. */
  partialsOfTemplateFolder: "a developer-template folder's partials are its blocks/ and the platform's, which tmpl reads from the folder itself",
  noCommand: "tmpl: no command given. Run 'tmpl --help' for the commands.",
  nestedTemplateFolder: (given: string, nested: string) => `tmpl: ${given} has no template.conf; ${nested} has one, so that developer template is used`,
  badArguments: (command: string, problem: string) => `tmpl ${command}: ${problem}. Run 'tmpl ${command} --help' for usage.`,
  missingArgument: (what: string) => `missing ${what}`,
  tooManyArguments: (extra: string) => `unexpected argument '${extra}'`,
  dataWithoutOption: (json: string) => `unexpected argument '${json}' (the data goes after --data: --data ${json})`,
  jsonGivenAsTemplate: (json: string) => `${json} is JSON, not a template (give the template as FILE and the data with --data ${json})`,
  templateFolderInside: (folder: string) =>
    `${folder} is a developer-template folder (it has template.conf): walked, only its .block files would be checked; check it on its own, tmpl check ${folder}`,
  templateFolderAmongPaths: (dir: string) => `${dir} is a developer-template folder (it has template.conf): check it on its own, tmpl check ${dir}`,
  /** `tmpl check DIR MORE…` of a developer-template folder: each path in a run of its own. */
  oneTemplateFolderAtATime: (paths: readonly string[]) =>
    `a developer-template folder is checked on its own, one per run: ${paths.map((path) => `tmpl check ${path}`).join(', then ')}`,
  watchFolder: (dir: string) => `tmpl watch: ${dir} is a template folder; to see its pages as you save, run TEMPLATE_DIR=${dir} npm run dev in the storefront's folder (tmpl watch renders one .tmpl file)`,
  /** `input` is what the option names: "the template", "the data file". */
  outputOverInput: ({ option, writes, example }: OutputOption, out: string, input: string) =>
    `${option} ${out} is ${input}, which ${writes} would be written over; give ${option} another file, such as ${example}`,
  templateFolderFile: (dir: string) => `a file of the template folder ${dir}`,
  pageOutputFile: 'the file --out writes the page to',
  outputInPartials: (out: string) => `--out ${out} is in the partials folder, where the page would be read as a partial; give --out a file elsewhere, such as page.html`,
  nowAsDate: (value: string, epochMs: number) =>
    `--now expects milliseconds since 1970, got the date '${value}' (for ${new Date(epochMs).toISOString()}, --now ${epochMs})`,
  notAnInteger: (option: string, value: string) => `${option} expects a whole number, got '${value}'`,
  unknownLocale: (value: string) =>
    `--locale expects a locale tmpl has formats for, such as en-US, fr-FR or de, got '${value}' (the page would be rendered in en-US)`,

  // Inputs (exit 2).
  fileMissing: (path: string) => `${path}: no such file`,
  /** The path of check or render, which may name a template file or a template folder. */
  pathMissing: (path: string) => `${path}: no such file or folder`,
  directoryMissing: (path: string) => `${path}: no such directory`,
  isDirectory: (path: string) => `${path}: is a directory, expected a file`,
  notDirectory: (path: string) => `${path}: is not a directory`,
  unreadable: (path: string, reason: string) => `${path}: cannot be read (${reason})`,
  jsonInvalid,
  jsonMalformed: (path: string, line: number, column: number, problem: string) => `${path}:${line}:${column} ${jsonInvalid(problem)}`,
  jsonTooDeep: (path: string, line: number, column: number, limit: number) =>
    `${path}:${line}:${column} arrays and objects nested more than ${limit} deep, the most tmpl reads (a page's context is a few levels deep)`,
  jsonFoundCharacter: (problem: string, found: string) => `${problem}, found ${found}`,
  jsonTrailingComma: (closing: string) => `a comma before '${closing}': JSON allows none after the last item`,
  jsonNote: (problem: string, note: string) => `${problem} (${note})`,
  jsonDoubleQuotes: 'JSON strings and names take double quotes',
  jsonNoComments: 'JSON has no comments',
  jsonByteOrderMark: 'an invisible byte-order mark (U+FEFF) before the JSON, which JSON does not allow: save the file as UTF-8 without BOM',
  notText: (path: string) => `${path}: is ${notTextFile}`,
  /** The same, after a template folder's file (`my-template/blocks/logo.block error: not a text file …`). */
  notTextFile,
  outputFolderMissing: (folder: string) => `its folder ${folder} does not exist`,
  outputPathThroughFile: 'a folder on its path is a file',
  noGoldenFiles: (paths: readonly string[]) =>
    `tmpl golden: no golden file ran in ${paths.join(', ')}: a golden file is a .html or .txt file with :TEMPLATE, :JSON and :OUTPUT sections`,
  noTemplatesFound: (path: string) => `${path}: no template files (.tmpl, .block) in this directory`,
  /**
   * A developer-template folder spelled only with dots (`.`, `..`), as it is found from a file
   * inside it: named by its own name, the dots kept for the command to run.
   */
  folderByName: (name: string, given: string) => `${name} (${given === '.' ? 'this folder' : given})`,
  /** `shown` is the folder as the sentence names it (folderByName), `folder` as the command takes it. */
  noTemplatesInTemplateFolder: (path: string, folder: string, shown = folder) =>
    `${path}: no template files (.tmpl, .block) in this directory; it is part of the developer-template folder ${shown}, whose .region, .list, .item and .page files are checked with the folder: tmpl check ${folder}`,
  streamUnwritable: (stream: string, reason: string) => `tmpl: cannot write to ${stream} (${reason})`,
  outputUnwritable: (path: string, reason: string) => `${path}: cannot be written (${reason})`,

  // Findings of `tmpl check` beyond the compile errors (exit 1).

  // Reports.
  hint: (message: string, hint: string) => `${message} — ${hint}`,
  noPartialsFolder: 'no --partials DIR was given to find it in',
  /** After an error the render met more than once at the same place (a section over many items): printed once, with its count. */
  repeated: (line: string, count: number) => `${line} (×${count}: once for each time the render reached it)`,
  /** A render without --data, said to a person at a terminal: the page may look empty for that reason alone. */
  noDataGiven: 'note: no --data FILE.json given, so the data is {}: {title} and every other name find nothing',
  dataNotObject: (file: string, kind: string) =>
    `note: ${file} holds ${kind}, not an object of names: {title} and every other name find nothing in it; {@} is the whole of it`,
  /**
   * After `tmpl check` of files of a developer template named one by one (`tmpl check site.region`):
   * their syntax is all that was checked, and --partials would take the platform's blocks for missing ones.
   */
  filesOfTemplateFolder: (files: readonly string[], folder: string, shown = folder) =>
    `note: ${files.join(', ')} ${files.length === 1 ? 'is a file' : 'are files'} of the developer-template folder ${shown}, checked here for syntax alone: tmpl check ${folder} also checks the blocks and navigations ${files.length === 1 ? 'it applies' : 'they apply'}, the platform's tags and the files template.conf names, as the storefront loads them`,
  /** A render of a developer template's file on its own, said to a person at a terminal (`tmpl render site.region`). */
  renderedOutsideTemplateFolder: (file: string, folder: string, shown = folder) =>
    `note: ${file} is a file of the developer-template folder ${shown}, rendered here alone: its <squarespace:…> tags stay as written and the platform's {squarespace…} values write nothing; tmpl render ${folder} --page URL --data context.json renders a page as the storefront composes it`,
  /** A problem the references accept, placed as a folder's check places its warnings. */
  placedWarning: (file: string, line: number, column: number, message: string) => `${file}:${line}:${column} warning: ${message}`,
  partialsNotLookedUp: (names: number) =>
    `note: partials were not looked up (${names} ${names === 1 ? 'name' : 'names'} applied or included); add --partials DIR to check them`,
  /**
   * The last line of `tmpl check`, for files and template folders alike: what was read, by kind,
   * then what was found ("2 templates and 1 JSON file checked, no errors"; "14 templates, 3 JSON
   * files and 1 stylesheet checked, 2 errors in 1 file, 12 warnings").
   */
  checkSummary: (checked: CheckedFiles, found: CheckFindings) => {
    const { templates, jsonFiles = 0, stylesheets = 0 } = checked;
    const kinds = [
      ...(templates > 0 || jsonFiles + stylesheets === 0 ? [counted(templates, 'template', 'templates')] : []),
      ...(jsonFiles > 0 ? [counted(jsonFiles, 'JSON file', 'JSON files')] : []),
      ...(stylesheets > 0 ? [counted(stylesheets, 'stylesheet', 'stylesheets')] : []),
    ];
    const listed = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds[0];
    const errors = found.errors === 0 ? 'no errors' : `${counted(found.errors, 'error', 'errors')} in ${counted(found.errorFiles, 'file', 'files')}`;
    const warnings = (found.warnings ?? 0) > 0 ? `, ${counted(found.warnings!, 'warning', 'warnings')}` : '';
    return `${listed} checked, ${errors}${warnings}`;
  },
  watchRendered: (file: string, target: string, errors: number) =>
    `rendered ${file} → ${target}${errors === 0 ? '' : ` (${errors} ${errors === 1 ? 'error' : 'errors'})`}`,
  watchNotRendered: (file: string, target: string) =>
    `not rendered: ${file} has syntax errors; ${target === 'stdout' ? 'nothing written' : `${target} keeps the last good page`} until a save fixes them`,
  /** An input the watch could not read this time (the data's JSON mid-edit, a partial removed): said after its own message. */
  watchInputRefused: (target: string) =>
    `not rendered: ${target === 'stdout' ? 'nothing written' : `${target} keeps the last good page`} until a save fixes the input above`,
  watchWaiting: (count: number) => `watching ${count} ${count === 1 ? 'path' : 'paths'}; Ctrl-C stops`,
  unexpected: (reason: string) => `tmpl: unexpected failure: ${reason}`,
} as const;
