/**
 * What `tmpl` itself says: its usage, input and check messages, in one
 * place. The engine's own messages (syntax and render errors) stay in
 * engine/messages.ts and are printed unchanged.
 */
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
  watchFolder: (dir: string) => `tmpl watch: ${dir} is a template folder; to see its pages as you save, run TEMPLATE_DIR=${dir} npm run dev (tmpl watch renders one .tmpl file)`,
  notAnInteger: (option: string, value: string) => `${option} expects a whole number, got '${value}'`,

  // Inputs (exit 2).
  fileMissing: (path: string) => `${path}: no such file`,
  directoryMissing: (path: string) => `${path}: no such directory`,
  isDirectory: (path: string) => `${path}: is a directory, expected a file`,
  notDirectory: (path: string) => `${path}: is not a directory`,
  unreadable: (path: string, reason: string) => `${path}: cannot be read (${reason})`,
  jsonMalformed: (path: string, line: number, column: number, problem: string) => `${path}:${line}:${column} Invalid JSON: ${problem}`,
  jsonFoundCharacter: (problem: string, found: string) => `${problem}, found ${found}`,
  noTemplatesFound: (path: string) => `${path}: no template files (.tmpl, .block) in this directory`,
  outputUnwritable: (path: string, reason: string) => `${path}: cannot be written (${reason})`,

  // Findings of `tmpl check` beyond the compile errors (exit 1).
  macroUnknown: (name: string) => `Macro '${name}' is not defined: no {.macro ${name}} in this template or the partials it includes, and no partial of that name`,

  // Reports.
  hint: (message: string, hint: string) => `${message} — ${hint}`,
  checkClean: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} checked, no errors`,
  checkFound: (errors: number, files: number) =>
    `${errors} ${errors === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}`,
  watchRendered: (file: string, target: string, errors: number) =>
    `rendered ${file} → ${target}${errors === 0 ? '' : ` (${errors} ${errors === 1 ? 'error' : 'errors'})`}`,
  watchWaiting: (count: number) => `watching ${count} ${count === 1 ? 'path' : 'paths'}; Ctrl-C stops`,
  unexpected: (reason: string) => `tmpl: unexpected failure: ${reason}`,
} as const;
