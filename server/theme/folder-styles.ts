import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import less, { type LessError } from 'less';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import type { TemplateConf } from './template-conf.ts';
import type { TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

/** Where the folder's compiled stylesheet is served. */
export const STYLESHEET_PATH = '/site.css';

export interface CompiledStyles {
  css: string;
  /** A compile error (with its file and position) or a named stylesheet the folder lacks (a warning). */
  problems: FolderProblem[];
}

/** LESS reads every import through the folder's source: nothing outside it, nothing over the network. */
function sourceFileManager(source: TemplateSource): InstanceType<typeof less.FileManager> {
  return new (class extends less.FileManager {
    override supports(): boolean {
      return true;
    }
    override supportsSync(): boolean {
      return false;
    }
    override loadFile(filename: string, currentDirectory: string): Promise<{ contents: string; filename: string }> {
      const path = posix.normalize(posix.join(currentDirectory || 'styles/', filename));
      const candidates = /\.[a-z]+$/i.test(path) ? [path] : [`${path}.less`, path];
      for (const candidate of candidates) {
        const contents = candidate.startsWith('../') ? undefined : source.read(candidate);
        if (contents !== undefined) return Promise.resolve({ contents, filename: candidate });
      }
      return Promise.reject({ type: 'File', message: `'${filename}' wasn't found` });
    }
  })();
}

/** template.conf `tweaks` as LESS variables: the values the stylesheet is compiled with. */
function tweakVariables(conf: TemplateConf): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(conf.tweaks)) variables[`@${name}`] = String(value);
  return variables;
}

/**
 * Compiles the stylesheets template.conf names, in order, as one LESS stylesheet (so a variable
 * or mixin of one file serves the later ones, as on the platform), with the tweak values set.
 * A named file the folder lacks is left out with a warning; a compile error gives no CSS and one
 * problem with the file, line and column LESS reports.
 */
export async function compileFolderStyles(folder: TemplateFolder): Promise<CompiledStyles> {
  const problems: FolderProblem[] = [];
  const imports: string[] = [];
  for (const name of folder.conf.stylesheets) {
    if (folder.source.read(`styles/${name}`) === undefined) {
      problems.push({ file: 'template.conf', line: 0, column: 0, message: themeMessages.stylesheetMissing(name), severity: 'warning' });
      continue;
    }
    // Plain .css files go through LESS too, as the platform processes every stylesheet.
    imports.push(`@import ${name.endsWith('.less') ? '' : '(less) '}${JSON.stringify(name)};`);
  }
  if (imports.length === 0) return { css: '', problems };
  try {
    const output = await less.render(imports.join('\n'), {
      filename: 'styles/template.conf.less',
      plugins: [{ install: (_less, manager) => manager.addFileManager(sourceFileManager(folder.source)) }],
      modifyVars: tweakVariables(folder.conf),
      javascriptEnabled: false,
    });
    return { css: output.css, problems };
  } catch (caught) {
    const error = caught as LessError;
    const file = error.filename && error.filename !== 'input' ? error.filename : 'styles';
    const line = typeof error.line === 'number' ? error.line : null;
    const column = typeof error.column === 'number' ? error.column + 1 : null;
    problems.push({
      file,
      line: line ?? 0,
      column: column ?? 0,
      message: themeMessages.stylesheetFailed(file, line, column, error.message),
      severity: 'error',
    });
    return { css: '', problems };
  }
}

/** A short fingerprint for the stylesheet URL, so a changed folder is fetched afresh. */
export function stylesheetUrl(version: string): string {
  return `${STYLESHEET_PATH}?v=${createHash('sha256').update(version).digest('hex').slice(0, 12)}`;
}
