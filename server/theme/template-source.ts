import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Where a template folder's files come from. The loader only ever asks a source, so the same
 * folder code serves a directory on disk, an in-memory map in tests, or anything else that can
 * list and read files. Paths are relative, with forward slashes ('collections/blog.list').
 */
export interface TemplateSource {
  /** A short description of where the files live, for messages ('templates/', 'memory'). */
  readonly label: string;
  /** The file's text, or undefined when there is no such file. */
  read(path: string): string | undefined;
  /** Names of the files directly inside a folder ('' is the root); [] when the folder is absent. */
  list(folder: string): string[];
  /** Names of the folders directly inside a folder. */
  folders(folder: string): string[];
  /** Changes whenever a file changes, so caches built over the source know when to rebuild. */
  version(): string;
}

/** Rejects paths that would leave the folder ('../x', '/etc/passwd', 'a/../../b'). */
function insideRoot(root: string, path: string): string | undefined {
  if (isAbsolute(path) || path.includes('\0')) return undefined;
  const full = resolve(root, path);
  const rel = relative(root, full);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return full;
}

/** A template folder on disk. Reads are not cached here: the folder cache sits over version(). */
export class DiskTemplateSource implements TemplateSource {
  readonly root: string;
  constructor(root: string, readonly label: string = root) {
    this.root = resolve(root);
  }

  read(path: string): string | undefined {
    const full = insideRoot(this.root, path);
    if (full === undefined) return undefined;
    try {
      // A symbolic link inside the folder may point anywhere: what it reaches must be inside too.
      const realRoot = realpathSync(this.root);
      if (insideRoot(realRoot, relative(realRoot, realpathSync(full))) === undefined) return undefined;
      return readFileSync(full, 'utf8');
    } catch {
      return undefined;
    }
  }

  list(folder: string): string[] {
    return this.entries(folder, false);
  }

  folders(folder: string): string[] {
    return this.entries(folder, true);
  }

  private entries(folder: string, directories: boolean): string[] {
    const full = folder === '' ? this.root : insideRoot(this.root, folder);
    if (full === undefined) return [];
    try {
      return readdirSync(full, { withFileTypes: true })
        .filter((entry) => (directories ? entry.isDirectory() : entry.isFile()))
        .map((entry) => entry.name)
        .sort();
    } catch {
      return [];
    }
  }

  /** Every file's path, size and modification time, walked afresh: cheap for a template folder. */
  version(): string {
    const parts: string[] = [];
    const walk = (dir: string, depth: number): void => {
      if (depth > 4) return;
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path, depth + 1);
        } else if (entry.isFile()) {
          const stat = statSync(path);
          parts.push(`${relative(this.root, path).split(sep).join('/')}:${stat.size}:${stat.mtimeMs}`);
        }
      }
    };
    walk(this.root, 0);
    return parts.sort().join('|');
  }
}

/** Files held in memory by relative path: tests and tools that build a folder on the fly. */
export class MemoryTemplateSource implements TemplateSource {
  private readonly files = new Map<string, string>();
  private revision = 0;
  readonly label = 'memory';

  constructor(files: Record<string, string> = {}) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, text);
  }

  write(path: string, text: string): void {
    this.files.set(path, text);
    this.revision += 1;
  }

  remove(path: string): void {
    this.files.delete(path);
    this.revision += 1;
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  list(folder: string): string[] {
    return this.entries(folder, false);
  }

  folders(folder: string): string[] {
    return this.entries(folder, true);
  }

  private entries(folder: string, directories: boolean): string[] {
    const prefix = folder === '' ? '' : `${folder.replace(/\/$/, '')}/`;
    const names = new Set<string>();
    for (const path of this.files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (directories ? slash > 0 : rest !== '' && slash === -1) names.add(directories ? rest.slice(0, slash) : rest);
    }
    return [...names].sort();
  }

  version(): string {
    return String(this.revision);
  }
}
