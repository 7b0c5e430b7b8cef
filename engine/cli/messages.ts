/**
 * What `tmpl` itself says: its usage, input and check messages, in one
 * place. The engine's own messages (syntax and render errors) stay in
 * engine/messages.ts and are printed unchanged.
 */

/** A JSON file's problem, after its place. */
const jsonInvalid = (problem: string): string => `Invalid JSON: ${problem}`;

export const cliMessages = {
  // Usage (exit 2).
  unknownCommand: (name: string, guess?: string) =>
    `tmpl: unknown command '${name}'.${guess === undefined ? '' : ` Did you mean '${guess}'?`} Run 'tmpl --help' for the commands.`,
  optionGuess: (problem: string, guess: string) => `${problem} (did you mean '${guess}'?)`,
  noCommand: "tmpl: no command given. Run 'tmpl --help' for the commands.",
  nestedTemplateFolder: (given: string, nested: string) => `tmpl: ${given} has no template.conf; ${nested} has one, so that developer template is used`,
  badArguments: (command: string, problem: string) => `tmpl ${command}: ${problem}. Run 'tmpl ${command} --help' for usage.`,
  missingArgument: (what: string) => `missing ${what}`,
  tooManyArguments: (extra: string) => `unexpected argument '${extra}'`,
  dataWithoutOption: (json: string) => `unexpected argument '${json}' (the data goes after --data: --data ${json})`,
  jsonGivenAsTemplate: (json: string) => `${json} is JSON, not a template (give the template as FILE and the data with --data ${json})`,
  templateFolderAmongPaths: (dir: string) => `${dir} is a developer-template folder (it has template.conf): check it on its own, tmpl check ${dir}`,
  watchFolder: (dir: string) => `tmpl watch: ${dir} is a template folder; to see its pages as you save, run TEMPLATE_DIR=${dir} npm run dev (tmpl watch renders one .tmpl file)`,
  notAnInteger: (option: string, value: string) => `${option} expects a whole number, got '${value}'`,

  // Inputs (exit 2).
  fileMissing: (path: string) => `${path}: no such file`,
  directoryMissing: (path: string) => `${path}: no such directory`,
  isDirectory: (path: string) => `${path}: is a directory, expected a file`,
  notDirectory: (path: string) => `${path}: is not a directory`,
  unreadable: (path: string, reason: string) => `${path}: cannot be read (${reason})`,
  jsonInvalid,
  jsonMalformed: (path: string, line: number, column: number, problem: string) => `${path}:${line}:${column} ${jsonInvalid(problem)}`,
  jsonFoundCharacter: (problem: string, found: string) => `${problem}, found ${found}`,
  jsonTrailingComma: (closing: string) => `a comma before '${closing}': JSON allows none after the last item`,
  jsonNote: (problem: string, note: string) => `${problem} (${note})`,
  jsonDoubleQuotes: 'JSON strings and names take double quotes',
  jsonNoComments: 'JSON has no comments',
  noTemplatesFound: (path: string) => `${path}: no template files (.tmpl, .block) in this directory`,
  outputUnwritable: (path: string, reason: string) => `${path}: cannot be written (${reason})`,

  // Findings of `tmpl check` beyond the compile errors (exit 1).
  macroUnknown: (name: string) => `Macro '${name}' is not defined: no {.macro ${name}} in this template or the partials it includes, and no partial of that name`,

  // Reports.
  hint: (message: string, hint: string) => `${message} — ${hint}`,
  noPartialsFolder: 'no --partials DIR was given to find it in',
  partialsNotLookedUp: (names: number) =>
    `note: partials were not looked up (${names} ${names === 1 ? 'name' : 'names'} applied or included); add --partials DIR to check them`,
  /** What `tmpl check` read, by kind: "2 templates and 1 JSON file checked, no errors". */
  checkClean: (templates: number, jsonFiles = 0) => {
    const kinds = [
      templates > 0 || jsonFiles === 0 ? `${templates} ${templates === 1 ? 'template' : 'templates'}` : '',
      jsonFiles > 0 ? `${jsonFiles} JSON ${jsonFiles === 1 ? 'file' : 'files'}` : '',
    ];
    return `${kinds.filter((kind) => kind !== '').join(' and ')} checked, no errors`;
  },
  checkFound: (errors: number, files: number) =>
    `${errors} ${errors === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}`,
  watchRendered: (file: string, target: string, errors: number) =>
    `rendered ${file} → ${target}${errors === 0 ? '' : ` (${errors} ${errors === 1 ? 'error' : 'errors'})`}`,
  watchNotRendered: (file: string, target: string) =>
    `not rendered: ${file} has syntax errors; ${target === 'stdout' ? 'nothing written' : `${target} keeps the last good page`} until a save fixes them`,
  watchWaiting: (count: number) => `watching ${count} ${count === 1 ? 'path' : 'paths'}; Ctrl-C stops`,
  unexpected: (reason: string) => `tmpl: unexpected failure: ${reason}`,
} as const;
