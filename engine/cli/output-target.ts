/**
 * Where an output option (`--out`, `--css-out`) may write: never over a file the command reads
 * (the template, the data, a template folder's files: a slip of tab completion would lose it) nor
 * into the partials folder, where the page would be read as a partial; under `watch` each write
 * would also set off the next render. One in a folder that does not exist is said before anything
 * renders, so `watch` does not go on failing at every save.
 */
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { usageError, type Command } from './command.ts';
import { CliFailure } from './io.ts';
import { linkedKind } from './inputs.ts';
import { cliMessages, type OutputOption } from './messages.ts';

/** `--out`: the rendered page. */
export const PAGE_OUTPUT: OutputOption = { option: '--out', writes: 'the page', example: 'page.html' };

/** `--css-out`: a template folder's compiled stylesheet. */
export const STYLESHEET_OUTPUT: OutputOption = { option: '--css-out', writes: 'the stylesheet', example: 'site.css' };

/** What a command reads, which its output must not replace. */
export interface CommandInputs {
  /** Files, each with what it is to the author ("the template", "the data file"); an option not given is undefined. */
  files: ReadonlyArray<{ path: string | undefined; is: string }>;
  /** A template folder: none of its files is written over. */
  templateFolder?: string;
  /** A partials folder: nothing is written in it. */
  partialsDir?: string;
}

/** The file a path names (by device and inode, so a symbolic link or another spelling is the same file), if it exists. */
function fileIdentity(path: string): string | undefined {
  const stats = linkedKind(path);
  return stats === undefined ? undefined : `${stats.dev}:${stats.ino}`;
}

/** Whether two paths name one file: the same path (a file not written yet), or the same existing file. */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const identity = fileIdentity(a);
  return identity !== undefined && identity === fileIdentity(b);
}

/** Whether an existing file is inside `folder`, links followed. */
function isInside(file: string, folder: string): boolean {
  const path = relative(realpathSync(folder), realpathSync(file));
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/** Refuses `out` as `output`'s target when it would replace an input or cannot be written at all. */
export function checkOutputTarget(command: Command, output: OutputOption, out: string, inputs: CommandInputs): void {
  const folder = fileIdentity(dirname(out));
  if (folder === undefined) throw new CliFailure(cliMessages.outputUnwritable(out, cliMessages.outputFolderMissing(dirname(out))));
  for (const input of inputs.files) {
    if (input.path !== undefined && sameFile(out, input.path)) throw usageError(command, cliMessages.outputOverInput(output, out, input.is));
  }
  const { templateFolder, partialsDir } = inputs;
  if (templateFolder !== undefined && linkedKind(out)?.isFile() === true && isInside(out, templateFolder)) {
    throw usageError(command, cliMessages.outputOverInput(output, out, cliMessages.templateFolderFile(templateFolder)));
  }
  if (partialsDir !== undefined && folder === fileIdentity(partialsDir)) throw usageError(command, cliMessages.outputInPartials(out));
}
