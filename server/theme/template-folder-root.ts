/**
 * Where a developer template's files are: the folder given when it holds template.conf, or the
 * one folder directly inside it that does (a template kept in its repository's src/). Used by the
 * server's TEMPLATE_DIR and by `tmpl check|render DIR`, so both take a repository's root.
 */
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

export interface TemplateFolderRoot {
  root: string;
  /** True when the template.conf was found one folder down rather than in the folder given. */
  nested: boolean;
}

function holdsTemplateConf(path: string): boolean {
  return existsSync(join(path, 'template.conf'));
}

/** The developer template in `path`, or null for a folder of single templates (.tmpl files at its top) or no folder. */
export function templateFolderRoot(path: string): TemplateFolderRoot | null {
  if (holdsTemplateConf(path)) return { root: path, nested: false };
  let entries: Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return null; // not a folder: whoever reads it says what is wrong
  }
  // a folder of single templates is one, whatever its subfolders hold
  if (entries.some((entry) => entry.isFile() && entry.name.endsWith('.tmpl'))) return null;
  const found = entries.filter((entry) => entry.isDirectory() && holdsTemplateConf(join(path, entry.name))).map((entry) => entry.name);
  return found.length === 1 ? { root: join(path, found[0]!), nested: true } : null;
}
