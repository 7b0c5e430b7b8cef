import { resolve, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/**
 * One thing the development server watches: its folders, and what to forget when a file in them
 * changes. The page templates are one source (the template store drops its compiled templates);
 * a developer-template folder, its styles or the fixtures are others, added the same way:
 *
 *   watcher.add({ folders: [themeDir], invalidate: (file) => themeStore.invalidate(file) });
 */
export interface WatchedSource {
  /** Folders (or single files), watched recursively. */
  folders: string[];
  /**
   * Called with each changed, added or removed file of these folders before browsers reload; a
   * returned promise (a stylesheet compiling again) is waited for first.
   */
  invalidate?: (file: string) => void | Promise<unknown>;
}

/** Editors save in bursts (write, rename, chmod): one reload for the whole burst. */
const SETTLE_MS = 50;

/**
 * Watches the sources' folders with chokidar; after a burst of changes has settled it calls each
 * affected source's invalidate hook per file, then `onChange` once with the files.
 */
export class DevFileWatcher {
  private readonly sources: Array<{ roots: string[]; invalidate?: WatchedSource['invalidate'] }> = [];
  private readonly watcher: FSWatcher;
  private readonly whenReady: Promise<void>;
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly onChange: (files: string[]) => void) {
    this.watcher = watch([], { ignoreInitial: true, ignored: (path) => /(^|[\\/])(\.git|node_modules)([\\/]|$)|~$|\.swp$/.test(path) });
    this.whenReady = new Promise((ready) => this.watcher.once('ready', () => ready()));
    this.watcher.on('all', (event, file) => {
      if (event === 'addDir') return;
      this.pending.add(resolve(file));
      this.timer ??= setTimeout(() => this.flush(), SETTLE_MS);
    });
  }

  /** Starts watching a source's folders. */
  add(source: WatchedSource): void {
    const roots = source.folders.map((folder) => resolve(folder));
    this.sources.push({ roots, invalidate: source.invalidate });
    this.watcher.add(roots);
  }

  /** Resolves once the folders added so far are being watched (the first scan is done). */
  ready(): Promise<void> {
    return this.whenReady;
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    await this.watcher.close();
  }

  private flush(): void {
    this.timer = null;
    const files = [...this.pending];
    this.pending = new Set();
    const waits: Promise<unknown>[] = [];
    for (const file of files) {
      for (const source of this.sources) {
        if (!source.roots.some((root) => file === root || file.startsWith(root.endsWith(sep) ? root : root + sep))) continue;
        // a failed rebuild, thrown or rejected, is the page's to show (the overlay), not a reason
        // to skip the reload, nor to stop the server (a template.conf saved half-written throws)
        let done: void | Promise<unknown>;
        try {
          done = source.invalidate?.(file);
        } catch {
          continue;
        }
        if (done !== undefined) waits.push(done.catch(() => undefined));
      }
    }
    if (waits.length === 0) this.onChange(files);
    else void Promise.all(waits).then(() => this.onChange(files));
  }
}
