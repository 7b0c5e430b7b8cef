/**
 * A template that ships with the server's code (the emails, the packing slips), read from the
 * file `url` and compiled once by the caller. It is written by the project, not by an author, so a
 * compile error is a programming mistake: thrown, naming the file.
 */
import { readFileSync } from 'node:fs';
import { compile, type Template } from '../engine/index.ts';

export function loadShippedTemplate(url: URL, name: string): Template {
  const template = compile(readFileSync(url, 'utf8'), { name });
  if (template.errors.length > 0) throw new Error(`${name}: ${template.errors[0]!.message}`);
  return template;
}
