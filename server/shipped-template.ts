/**
 * A template that ships with the server's code (the emails, the packing slips), read from the
 * file `url` and compiled once by the caller. It is written by the project, not by an author, so a
 * compile error is a programming mistake: thrown, naming the file. A `partial` (a piece the
 * templates apply, such as the emails' tax row) leaves out its file's last line break: where the
 * piece's line ends is for the template applying it to say, as it does for the lines around it.
 */
import { readFileSync } from 'node:fs';
import { compile, type Template } from '../engine/index.ts';

export function loadShippedTemplate(url: URL, name: string, { partial = false } = {}): Template {
  const source = readFileSync(url, 'utf8');
  const template = compile(partial ? source.replace(/\r?\n$/, '') : source, { name });
  if (template.errors.length > 0) throw new Error(`${name}: ${template.errors[0]!.message}`);
  return template;
}
