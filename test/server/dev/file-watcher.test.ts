import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { watch } from 'chokidar';
import { afterEach, describe, expect, it } from 'vitest';
import { DevFileWatcher, WATCH_DEPTH } from '../../../server/dev/file-watcher.ts';

/** The watcher other template sources plug into: folders plus an invalidate hook each. */
describe('DevFileWatcher', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('calls the invalidate hook of the source a changed file belongs to, then reports the burst once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dev-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const theme = join(root, 'theme');
    const blocks = join(root, 'theme-blocks');
    mkdirSync(join(theme, 'partials'), { recursive: true });
    mkdirSync(blocks);
    writeFileSync(join(theme, 'partials', 'a.block'), 'a');
    writeFileSync(join(blocks, 'b.block'), 'b');

    const reports: string[][] = [];
    const themeInvalidated: string[] = [];
    const blocksInvalidated: string[] = [];
    const watcher = new DevFileWatcher((files) => reports.push(files));
    cleanups.push(() => watcher.close());
    watcher.add({ folders: [theme], invalidate: (file) => { themeInvalidated.push(file); } });
    watcher.add({ folders: [blocks], invalidate: (file) => { blocksInvalidated.push(file); } });
    await watcher.ready();

    writeFileSync(join(theme, 'partials', 'a.block'), 'a, edited');
    writeFileSync(join(theme, 'new.tmpl'), 'new');
    for (let waited = 0; reports.flat().length < 2 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));

    expect(reports).toHaveLength(1);
    expect(reports[0]!.sort()).toEqual([join(theme, 'new.tmpl'), join(theme, 'partials', 'a.block')]);
    expect(themeInvalidated.sort()).toEqual([join(theme, 'new.tmpl'), join(theme, 'partials', 'a.block')]);
    // A folder whose name merely starts like another's is not part of it.
    expect(blocksInvalidated).toEqual([]);
  });

  it('reports a burst whose invalidate hook threw or rejected: the page shows the failure, the watcher goes on', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dev-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(join(root, 'template.conf'), '{}');
    const reports: string[][] = [];
    const watcher = new DevFileWatcher((files) => reports.push(files));
    cleanups.push(() => watcher.close());
    watcher.add({ folders: [root], invalidate: () => { throw new Error('template.conf:1:1 not valid JSON'); } });
    watcher.add({ folders: [root], invalidate: () => Promise.reject(new Error('stylesheet failed')) });
    await watcher.ready();
    for (const text of ['{', '{"name": "x"}']) {
      const before = reports.length;
      writeFileSync(join(root, 'template.conf'), text);
      for (let waited = 0; reports.length === before && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(reports.at(-1)).toEqual([join(root, 'template.conf')]);
    }
  });
  /**
   * Waits up to ten seconds for a report naming `file`, among the reports from index `since` on
   * (the system's file events come late when both cores are busy, as in a full test run).
   */
  async function reportOf(reports: string[][], file: string, since = 0): Promise<void> {
    const named = (): boolean => reports.slice(since).flat().includes(file);
    for (let waited = 0; !named() && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports.slice(since).flat()).toContain(file);
  }

  /** A watched folder with a file and a subfolder, and a copy of it to put back in its place. */
  function folderAndCopy(): { folder: string; copy: string } {
    const root = mkdtempSync(join(tmpdir(), 'dev-watch-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const folder = join(root, 'theme');
    mkdirSync(join(folder, 'blocks'), { recursive: true });
    writeFileSync(join(folder, 'site.region'), 'site');
    writeFileSync(join(folder, 'blocks', 'nav.block'), 'nav');
    const copy = join(root, 'copy');
    cpSync(folder, copy, { recursive: true });
    return { folder, copy };
  }

  it('goes on reporting changes after the folder is deleted and copied back at once (rm -rf && cp -r)', async () => {
    const { folder, copy } = folderAndCopy();
    const reports: string[][] = [];
    const invalidated: string[] = [];
    const watcher = new DevFileWatcher((files) => reports.push(files));
    cleanups.push(() => watcher.close());
    watcher.add({ folders: [folder], invalidate: (file) => { invalidated.push(file); } });
    await watcher.ready();

    // as a build step does it, in another process while this one goes on watching
    await promisify(execFile)('sh', ['-c', 'rm -rf "$0" && cp -r "$1" "$0"', folder, copy]);
    // the replaced folder is reported once its copy is watched: a save after that is seen
    await reportOf(reports, folder);
    const afterCopy = reports.length;

    writeFileSync(join(folder, 'site.region'), 'site, edited');
    await reportOf(reports, join(folder, 'site.region'), afterCopy);
    writeFileSync(join(folder, 'blocks', 'new.block'), 'new');
    await reportOf(reports, join(folder, 'blocks', 'new.block'), afterCopy);
    // the replaced folder is itself a change: everything in it is read again
    expect(reports.slice(0, afterCopy).flat()).toContain(folder);
    expect(invalidated).toContain(folder);
  }, 40_000);

  it('waits for a deleted folder to come back, then reports its changes again', async () => {
    const { folder, copy } = folderAndCopy();
    const reports: string[][] = [];
    const watcher = new DevFileWatcher((files) => reports.push(files));
    cleanups.push(() => watcher.close());
    watcher.add({ folders: [folder] });
    await watcher.ready();

    rmSync(folder, { recursive: true, force: true });
    await reportOf(reports, folder);
    const afterDelete = reports.length;
    cpSync(copy, folder, { recursive: true });
    await reportOf(reports, folder, afterDelete);

    writeFileSync(join(folder, 'blocks', 'nav.block'), 'nav, edited');
    await reportOf(reports, join(folder, 'blocks', 'nav.block'));
  }, 40_000);

  it('watches a subfolder its fresh watch missed (created while the copy was listed): saves in it are seen', async () => {
    const { folder, copy } = folderAndCopy();
    const blocks = join(folder, 'blocks');
    // chokidar lists a folder, then watches it: a subfolder the copy creates in between is never
    // watched. The stand-in makes the watch after the copy miss `blocks` so, every time.
    let watches = 0;
    const missingBlocksOnce: typeof watch = (paths, options) => {
      watches++;
      if (watches !== 2) return watch(paths, options);
      let scanning = true;
      const ignored = options!.ignored as (path: string) => boolean;
      const watcher = watch(paths, { ...options, ignored: (path: string) => (scanning && path === blocks) || ignored(path) });
      watcher.once('ready', () => { scanning = false; });
      return watcher;
    };
    const reports: string[][] = [];
    const watcher = new DevFileWatcher((files) => reports.push(files), missingBlocksOnce);
    cleanups.push(() => watcher.close());
    watcher.add({ folders: [folder] });
    await watcher.ready();

    await promisify(execFile)('sh', ['-c', 'rm -rf "$0" && cp -r "$1" "$0"', folder, copy]);
    await reportOf(reports, folder);
    const afterCopy = reports.length;
    // the missed folder is found, watched, and reported (what was saved in it meanwhile was unseen)
    await reportOf(reports, blocks, afterCopy);
    expect(watches).toBe(3);
    const afterFound = reports.length;
    writeFileSync(join(blocks, 'nav.block'), 'nav, edited');
    await reportOf(reports, join(blocks, 'nav.block'), afterFound);
  }, 40_000);
  // A template folder is untrusted: `ln -s /usr assets/x` once had the watcher walk /usr (1.4 GB, stalled).
  it('does not follow links to folders, and watches a bounded depth; real files still reload', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dev-watch-links-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const folder = join(root, 'theme');
    const outside = join(root, 'outside');
    mkdirSync(join(folder, 'assets'), { recursive: true });
    mkdirSync(join(outside, 'deep'), { recursive: true });
    writeFileSync(join(outside, 'deep', 'big.bin'), 'x');
    writeFileSync(join(folder, 'site.region'), 'r');
    symlinkSync(outside, join(folder, 'assets', 'x'));
    const options: Array<Parameters<typeof watch>[1]> = [];
    const watchers: ReturnType<typeof watch>[] = [];
    const recording: typeof watch = (paths, given) => {
      options.push(given);
      const made = watch(paths, given);
      watchers.push(made);
      return made;
    };
    const reports: string[][] = [];
    const watcher = new DevFileWatcher((files) => reports.push(files), recording);
    cleanups.push(() => watcher.close());
    watcher.add({ folders: [folder] });
    await watcher.ready();

    expect(options[0]).toMatchObject({ followSymlinks: false, depth: WATCH_DEPTH });
    const watched = Object.keys(watchers.at(-1)!.getWatched());
    expect(watched.filter((path) => path.startsWith(join(folder, 'assets', 'x')) || path.startsWith(outside))).toEqual([]);
    writeFileSync(join(outside, 'deep', 'big.bin'), 'changed');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reports.flat().filter((file) => file.includes('big.bin'))).toEqual([]);
    writeFileSync(join(folder, 'site.region'), 'r, edited');
    const region = join(folder, 'site.region');
    for (let waited = 0; !reports.flat().includes(region) && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports.flat()).toContain(region);
    // the link itself may be reported (its watch is the link's), never a file reached through it
    expect(reports.flat().filter((file) => file.startsWith(`${join(folder, 'assets', 'x')}/`) || file.startsWith(outside))).toEqual([]);
  });
});
