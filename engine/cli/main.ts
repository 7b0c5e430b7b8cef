/**
 * tmpl: the command line for template authors. Finds the command, parses
 * its options, runs it, and turns a CliFailure into its one-line message and
 * exit code (0 fine, 1 template errors, 2 usage or input problem). `check` and
 * `render` of a developer-template folder run server/theme/folder-cli.ts.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { templateFolderRoot } from '../../server/theme/template-folder-root.ts';
import { parseCommandArgs, type Command } from './command.ts';
import { astCommand } from './commands/ast.ts';
import { checkCommand } from './commands/check.ts';
import { goldenCommand } from './commands/golden.ts';
import { pluginsCommand } from './commands/plugins.ts';
import { renderCommand } from './commands/render.ts';
import { treeCommand } from './commands/tree.ts';
import { watchCommand } from './commands/watch.ts';
import { CliFailure, EXIT, type CliIo } from './io.ts';
import { cliMessages } from './messages.ts';
import { cliVersion } from './version.ts';
import { closestName } from '../diagnostics/suggest.ts';

export const COMMANDS: readonly Command[] = [
  renderCommand,
  checkCommand,
  watchCommand,
  astCommand,
  treeCommand,
  goldenCommand,
  pluginsCommand,
];

export function toolHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `usage: tmpl COMMAND [options]     (tmpl COMMAND --help for each)

The Squarespace template language on the command line.

commands:
${list}

options:
  -h, --help      this help
  -v, --version   the version

exit codes:
  0  done, no errors
  1  the template reported errors (syntax, render, check findings, failed golden files)
  2  usage or input problem (unknown option, missing file, malformed JSON data, missing folder)
  3  tmpl itself failed`;
}

/** The options tmpl takes before any command. */
const TOOL_OPTIONS: readonly string[] = ['--help', '--version'];

/** An unknown command, with the closest real one (or tool option, for `--versoin`) when it looks like a typo of it. */
function unknownCommand(name: string): CliFailure {
  const known = name.startsWith('-') ? TOOL_OPTIONS : COMMANDS.map((c) => c.name);
  return new CliFailure(cliMessages.unknownCommand(name, closestName(name, known)));
}

/**
 * Where the first path among a command's arguments stands, wherever its options are
 * (`render --page /shop --data c.json templates/`), or -1. An option's value is not a path: the
 * options of both forms take one but `--allow-errors` and `--help`, and a mistyped option
 * (`--pag /shop`) is taken to, since either form refuses it and the folder's form, which gets
 * the folder, names the option meant.
 */
function firstPositional(command: Command, argv: readonly string[]): number {
  const alone = new Set(['--help', '-h', ...Object.entries(command.options).filter(([, option]) => option.type === 'boolean').map(([name]) => `--${name}`)]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return i + 1 < argv.length ? i + 1 : -1;
    if (!arg.startsWith('-') || arg === '-') return i;
    // its value follows, unless it stands alone or is given with it (`--data=c.json`)
    if (!alone.has(arg) && !arg.includes('=') && argv[i + 1]?.startsWith('-') === false) i++;
  }
  return -1;
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) throw new CliFailure(cliMessages.noCommand);
  if (first === '--help' || first === '-h' || first === 'help') {
    const named = rest[0] === undefined ? undefined : COMMANDS.find((c) => c.name === rest[0]);
    if (rest[0] !== undefined && named === undefined) throw unknownCommand(rest[0]);
    io.out(named?.help ?? toolHelp());
    return EXIT.ok;
  }
  if (first === '--version' || first === '-v') {
    io.out(cliVersion());
    return EXIT.ok;
  }
  // `check DIR` and `render DIR --page URL` of a developer-template folder (one with template.conf);
  // the folder code is loaded only then, so other calls start without it (but for the small test
  // of where a template's files are).
  const command = COMMANDS.find((c) => c.name === first);
  if (command === undefined) throw unknownCommand(first);
  // a developer-template folder is watched by the development server, which composes its pages:
  // said before the options are read, which would refuse the folder's --page as unknown first
  if (command.name === 'watch') {
    const at = firstPositional(command, rest);
    const watched = at >= 0 ? rest[at]! : undefined;
    if (watched !== undefined && templateFolderRoot(watched) !== null) throw new CliFailure(cliMessages.watchFolder(resolve(watched)));
  }
  const pathAt = command.name === 'check' || command.name === 'render' ? firstPositional(command, rest) : -1;
  if (pathAt >= 0) {
    // A template kept one folder down (my-template/src/template.conf) is the one the author means.
    const path = rest[pathAt]!;
    const folder = templateFolderRoot(path);
    if (folder?.nested) io.err(cliMessages.nestedTemplateFolder(path, folder.root));
    if (folder !== null) {
      const { runFolderCommand } = await import('../../server/theme/folder-cli.ts');
      return runFolderCommand([first, ...rest.slice(0, pathAt), folder.root, ...rest.slice(pathAt + 1)], io);
    }    // A path that is not there is said first: the folder-only options (`--page`) would otherwise be
    // refused as given with a file, sending the author after the options rather than the path.
    const help = rest.includes('--help') || rest.includes('-h');
    if (folder === null && !help && path !== '-' && !existsSync(path)) throw new CliFailure(cliMessages.pathMissing(path));
  }
  const args = parseCommandArgs(command, rest);
  if (args.help) {
    io.out(command.help);
    return EXIT.ok;
  }
  return command.run(args, io);
}

/** Runs `tmpl` with `argv` (the arguments after the program name); answers the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (e) {
    if (e instanceof CliFailure) {
      io.err(e.message);
      return e.exitCode;
    }
    io.err(cliMessages.unexpected(e instanceof Error ? e.message : String(e)));
    return EXIT.internal;
  }
}
