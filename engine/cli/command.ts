/**
 * One `tmpl` command: its name, help text and options (node:util parseArgs
 * configuration), and what it does. Every command gets `--help`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliFailure, type CliIo } from './io.ts';
import { cliMessages } from './messages.ts';
import { closestName } from '../diagnostics/suggest.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  /** One line for `tmpl --help`. */
  summary: string;
  /** The full text of `tmpl NAME --help`. */
  help: string;
  options: Options;
  /** Options only another form of the command takes (`render DIR --page`), each with the note that says so. */
  foreignOptions?: Readonly<Record<string, string>>;
  run(args: ParsedArgs, io: CliIo): number | Promise<number>;
}

const HELP_OPTION: Options = { help: { type: 'boolean', short: 'h' } };

/** Parses a command's arguments; a bad option is a usage error naming the command. */
export function parseCommandArgs(command: Command, argv: readonly string[]): ParsedArgs & { help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...command.options, ...HELP_OPTION },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    // parseArgs explains itself ("Unknown option '--x'. …"); keep its first sentence.
    const reason = (e as Error).message.split('. ')[0]?.replace(/\.$/, '') ?? String(e);
    // An option without its value: parseArgs' own words ("argument missing", "is ambiguous" over three lines) become one line of what it takes.
    if ((e as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const option = /'--([^' ]+)/.exec(reason)?.[1];
      const wanted = option === undefined ? undefined : cliMessages.optionValues[option];
      if (wanted !== undefined) throw new CliFailure(cliMessages.badArguments(command.name, cliMessages.optionWithoutValue(`--${option}`, wanted)));
    }
    // A mistyped option gets the closest one the command has.
    const unknown = (e as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-[^']*)'/.exec(reason)?.[1] : undefined;
    const foreign = unknown?.startsWith('--') ? command.foreignOptions?.[unknown.slice(2)] : undefined;
    if (foreign !== undefined) throw new CliFailure(cliMessages.badArguments(command.name, cliMessages.optionNote(reason, foreign)));
    const guess = unknown === undefined ? undefined : closestName(unknown, Object.keys(command.options).map((name) => `--${name}`));
    if (guess !== undefined) throw new CliFailure(cliMessages.badArguments(command.name, cliMessages.optionGuess(reason, guess)));
    // a mistyped option of the command's other form (`--pag`, `--partial`) is named, with why it does not apply here
    const foreignGuess = unknown === undefined ? undefined : closestName(unknown, Object.keys(command.foreignOptions ?? {}).map((name) => `--${name}`));
    if (foreignGuess !== undefined) {
      throw new CliFailure(cliMessages.badArguments(command.name, cliMessages.optionNote(cliMessages.optionGuess(reason, foreignGuess), command.foreignOptions![foreignGuess.slice(2)]!)));
    }
    throw new CliFailure(cliMessages.badArguments(command.name, reason));
  }
  const { help, ...rest } = parsed.values as Record<string, string | boolean | string[] | undefined>;
  // `--data=` gives no value either: said as for `--data` last, rather than as a file named '' that is missing
  const empty = help === true ? undefined : Object.keys(rest).find((name) => rest[name] === '' && cliMessages.optionValues[name] !== undefined);
  if (empty !== undefined) throw new CliFailure(cliMessages.badArguments(command.name, cliMessages.optionWithoutValue(`--${empty}`, cliMessages.optionValues[empty]!)));
  return { values: rest, positionals: parsed.positionals, help: help === true };
}

/** A usage error of `command` ("missing FILE", "unexpected argument"). */
export function usageError(command: Command, problem: string): CliFailure {
  return new CliFailure(cliMessages.badArguments(command.name, problem));
}

/** The single FILE positional of a command, or a usage error. */
export function onePositional(command: Command, args: ParsedArgs, what: string): string {
  const [first, extra] = args.positionals;
  if (first === undefined) throw usageError(command, cliMessages.missingArgument(what));
  if (extra !== undefined) throw usageError(command, cliMessages.tooManyArguments(extra));
  return first;
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}
