import { readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * Which folder (or file) is at a path now: another one after a delete and copy back, null when
 * none. A copy made at once often gets the deleted folder's inode number back, not its birth time.
 */
function identityOf(path: string): string | null {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat === undefined ? null : `${stat.dev}:${stat.ino}:${stat.birthtimeMs}`;
}

/** The identity of a root whose deletion was seen: whatever is at its path now is another folder. */
const DELETED = 'deleted';

/**
 * When, after a fresh watch is ready, the folders on disk are compared with those watched (ms
 * apart): a copy may still be being written, and each check adds any folder the watch missed.
 */
const MISSED_FOLDER_CHECKS_MS = [100, 400, 1_500];

/**
 * How many levels of folders under a watched folder are watched: a template folder is a few deep
 * (assets/fonts/…); a deeper tree (a folder of dependencies copied in) is not the author's to edit.
 */
export const WATCH_DEPTH = 8;

/** Editor backups and swap files, version control and dependencies are never a reason to reload. */
const IGNORED = (path: string): boolean => /(^|[\\/])(\.git|node_modules)([\\/]|$)|~$|\.swp$/.test(path);

/**
 * Watches the sources' folders with chokidar; after a burst of changes has settled it calls each
 * affected source's invalidate hook per file, then `onChange` once with the files.
 *
 * A watched folder deleted and copied back (`rm -rf dir && cp -r src dir`, a build step, an editor
 * saving by rename) is a new folder: chokidar keeps its watches on the old, deleted one and would
 * never report another change. So any event on a watched folder itself checks whether the folder at
 * its path is still the one watched; if not, the folders are watched afresh and it is reported
 * changed. A folder that is gone is waited for (chokidar watches its parent for it).
 */
export class DevFileWatcher {
  private readonly sources: Array<{ roots: string[]; invalidate?: WatchedSource['invalidate'] }> = [];
  private watcher: FSWatcher;
  private readonly whenReady: Promise<void>;
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  /** Each watched root with its identity when it was last watched. */
  private readonly armed = new Map<string, string | null>();
  private rootCheck: NodeJS.Timeout | null = null;
  /** Folders on disk the last fresh watch did not watch: the next check watches afresh for them. */
  private readonly missedFolders: string[] = [];
  private closed = false;

  /** `watchFolders` is chokidar's `watch`, or a stand-in a test gives to reproduce its races. */
  constructor(private readonly onChange: (files: string[]) => void, private readonly watchFolders: typeof watch = watch) {
    this.watcher = this.watchRoots([]);
    const first = this.watcher;
    this.whenReady = new Promise((ready) => first.once('ready', () => ready()));
  }

  /** Starts watching a source's folders. */
  add(source: WatchedSource): void {
    const roots = source.folders.map((folder) => resolve(folder));
    this.sources.push({ roots, invalidate: source.invalidate });
    for (const root of roots) this.armed.set(root, identityOf(root));
    this.watcher.add(roots);
  }

  /** Resolves once the folders added so far are being watched (the first scan is done). */
  ready(): Promise<void> {
    return this.whenReady;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.rootCheck !== null) clearTimeout(this.rootCheck);
    await this.watcher.close();
  }

  private watchRoots(roots: string[]): FSWatcher {
    // links are not followed: one in an (untrusted) template folder may lead to /usr, whose walk
    // grew the server past a gigabyte; a file the folder reaches through a link is not served anyway
    const watcher = this.watchFolders(roots, { ignoreInitial: true, ignored: IGNORED, followSymlinks: false, depth: WATCH_DEPTH });
    watcher.on('all', (event, file) => {
      const path = resolve(file);
      if (this.armed.has(path)) {
        // a root deleted is replaced whatever its copy's identity; the check reports it once its
        // copy (or its absence) is watched, so a reload for it means later saves are seen
        if (event === 'unlink' || event === 'unlinkDir') this.armed.set(path, DELETED);
        this.checkRootsSoon();
        if (event !== 'change') return;
      }
      if (event === 'addDir') return;
      this.report(path);
    });
    // the watch of a root itself speaks when the root is deleted, also when a copy takes its place
    // too quickly for chokidar to see the folder gone
    watcher.on('raw', (_event, _path, details) => {
      const watchedPath = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (watchedPath !== undefined && this.armed.has(resolve(watchedPath))) this.checkRootsSoon();
    });
    return watcher;
  }

  private report(file: string): void {
    this.pending.add(file);
    this.timer ??= setTimeout(() => this.flush(), SETTLE_MS);
  }

  /** Schedules one check of the roots; while a check is running, the next waits for it to end. */
  private checkRootsSoon(): void {
    this.rootCheck ??= setTimeout(() => void this.rewatchReplacedRoots(), SETTLE_MS);
  }

  private replacedRoots(): string[] {
    return [...this.armed].filter(([root, identity]) => identityOf(root) !== identity).map(([root]) => root);
  }

  /**
   * Watches every root afresh when one is no longer the folder it was when watched (chokidar shares
   * one watch per path, so the deleted folder's dead watches must all be closed before its copy can
   * be watched), or when the last fresh watch missed a folder; reports the replaced roots and the
   * missed folders once the new watch is ready.
   */
  private async rewatchReplacedRoots(): Promise<void> {
    try {
      const replaced = this.replacedRoots();
      const missed = this.missedFolders.splice(0);
      if ((replaced.length === 0 && missed.length === 0) || this.closed) return;
      for (const root of this.armed.keys()) this.armed.set(root, identityOf(root));
      await this.watcher.close();
      if (this.closed) return;
      const watcher = this.watchRoots([...this.armed.keys()]);
      this.watcher = watcher;
      await new Promise<void>((ready) => watcher.once('ready', () => ready()));
      if (this.closed) return;
      for (const changed of [...replaced, ...missed]) this.report(changed);
      void this.checkForMissedFolders(watcher);
    } finally {
      this.rootCheck = null;
      // replaced again while this check ran: its events were taken as this check's
      if (!this.closed && this.replacedRoots().length > 0) this.checkRootsSoon();
    }
  }

  /**
   * chokidar lists a folder before it watches it: a subfolder created in between (a copy still
   * being written when the roots are watched afresh) is never watched, and saves in it would pass
   * unseen until something else changed beside it. So the folders on disk are checked against the
   * watched ones a few times after a fresh watch; a folder missed means watching afresh again,
   * and reporting the folder (what was saved in it meanwhile was not seen).
   */
  private async checkForMissedFolders(watcher: FSWatcher): Promise<void> {
    for (const delay of MISSED_FOLDER_CHECKS_MS) {
      await sleep(delay, undefined, { ref: false });
      if (this.closed || this.watcher !== watcher) return;
      const watched = new Set(Object.keys(watcher.getWatched()));
      const missed = [...this.armed.keys()].flatMap((root) => unwatchedFolders(root, watched));
      if (missed.length > 0) {
        this.missedFolders.push(...missed);
        this.checkRootsSoon();
        return;
      }
    }
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

/**
 * The folders at or under `folder` (skipping ignored ones) that are not among `watched`, the
 * outermost of each missed branch only. A folder removed meanwhile is simply not there.
 */
function unwatchedFolders(folder: string, watched: ReadonlySet<string>, level = 0): string[] {
  if (!watched.has(folder)) return statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true ? [folder] : [];
  // below the watched depth nothing is watched, and nothing is missed
  if (level >= WATCH_DEPTH) return [];
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() && !IGNORED(join(folder, entry.name)))
    .flatMap((entry) => unwatchedFolders(join(folder, entry.name), watched, level + 1));
}
