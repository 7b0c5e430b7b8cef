import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The public developer templates beside the project, read in place; never copied into it. */
export const REAL_TEMPLATES = join(import.meta.dirname, '../../../../shared/real-templates');

/**
 * Each public template's folder that holds its template.conf (one keeps its files under src/);
 * none when the templates are not beside the project, so the suites that read them skip.
 */
export function realTemplateFolders(): string[] {
  if (!existsSync(REAL_TEMPLATES)) return [];
  return readdirSync(REAL_TEMPLATES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(REAL_TEMPLATES, entry.name))
    .map((dir) => (existsSync(join(dir, 'template.conf')) ? dir : join(dir, 'src')))
    .filter((dir) => existsSync(join(dir, 'template.conf')));
}
