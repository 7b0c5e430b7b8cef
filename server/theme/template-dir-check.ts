/**
 * Whether TEMPLATE_DIR names a folder, asked before anything else of a start: a mistyped one
 * stops the start before the store is opened, so no new store file is made and seeded (with an
 * owner password printed for a store nobody meant) on the way to the refusal.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { closestName } from '../../engine/index.ts';
import { themeMessages } from './theme-messages.ts';

/** The folders beside `path`, by name; none when its parent cannot be read. */
function foldersBeside(path: string): string[] {
  try {
    return readdirSync(dirname(path), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Why `templateDir` cannot be served as a folder, with the folder beside it it likely meant; null when it is a folder. */
export function templateDirProblem(templateDir: string): string | null {
  const path = resolve(templateDir);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return null;
  const meant = closestName(basename(path), foldersBeside(path));
  const said = meant === undefined ? themeMessages.templateDirMissing : `${themeMessages.templateDirMissing} ${themeMessages.templateDirMeant(join(dirname(templateDir), meant))}`;
  return isAbsolute(templateDir) ? said : `${said} ${themeMessages.templateDirReadFrom(path)}`;
}
