/**
 * Copies the shop's files (uploaded images, digital products' files) into a backup and back.
 * A backup of them is a folder holding `uploads/` and `product-files/`; for a SQLite store it is
 * `<backup file>.files`, beside the database's copy. The server keeps running during a backup,
 * so each file is copied whole or not at all, and restoring only ever adds or repairs files.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, copyFileSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fillMessage, serverMessages } from './messages.ts';
import { foldersOverlap, isWithin, realLocation } from './real-location.ts';

/** The two folders of a shop's files, by the names they have inside a backup. */
export interface ShopFolders {
  uploads: string;
  'product-files': string;
}

const FOLDER_NAMES = ['uploads', 'product-files'] as const;

/** The folder beside a SQLite backup that holds its files. */
export function backupFilesFolder(backupPath: string): string {
  return `${backupPath}.files`;
}

/**
 * The shop folder that `backupFolder` is inside of, is, or holds; undefined when it is apart from
 * both. Compared where each really leads: a backup named through a link into the uploads folder,
 * which is served to everyone, would publish the store's database and the paid files.
 */
export function shopFolderOverlapping(backupFolder: string, folders: ShopFolders): string | undefined {
  return FOLDER_NAMES.map((name) => folders[name]).find((folder) => foldersOverlap(backupFolder, folder));
}

/** Whether a folder holds a backup of the shop's files (one of the two folders is in it). */
export function holdsShopFiles(folder: string): boolean {
  return FOLDER_NAMES.some((name) => isFolder(join(folder, name)));
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every regular file under `folder`, as paths relative to it; none when the folder is missing. */
function filesUnder(folder: string): string[] {
  if (!isFolder(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/** A stat that says "gone" rather than throwing: a file the shop removes during a backup is simply not in it. */
function statIfThere(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** How many times a file that changes while it is copied is copied again before it is left out. */
const COPY_ATTEMPTS = 3;

/** Test seam: runs between copying a file's bytes and checking that it did not change meanwhile. */
export interface CopyHooks {
  copied?: (source: string) => void;
}

/**
 * Copies one file the server may be writing: to a temporary name first, then renamed, and only
 * when its size and modification time were the same before and after the copy, so a file written
 * during the copy is never kept half-copied. Cloned where the file system can (copy-on-write),
 * copied otherwise. Hard links are not used: a file rewritten in place would change the backup too.
 * 'gone' when the shop removed it meanwhile, 'changing' when it kept changing.
 */
export function copyFileWhole(source: string, target: string, hooks: CopyHooks = {}): 'copied' | 'gone' | 'changing' {
  mkdirSync(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.copying`);
  try {
    for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
      const before = statIfThere(source);
      if (before === undefined) return 'gone';
      try {
        copyFileSync(source, temporary, constants.COPYFILE_FICLONE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && statIfThere(source) === undefined) return 'gone';
        throw error;
      }
      hooks.copied?.(source);
      const after = statIfThere(source);
      if (after === undefined) return 'gone';
      if (after.size === before.size && after.mtimeMs === before.mtimeMs && statSync(temporary).size === after.size) {
        renameSync(temporary, target);
        return 'copied';
      }
    }
    return 'changing';
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** How far a copy has got, for a progress line on long copies. */
export type ProgressReport = (done: number, total: number) => void;

export interface FilesBackedUp {
  copied: number;
  /** Files that kept changing while they were copied (an upload still arriving): left out. */
  leftOut: number;
}

/**
 * Copies both folders into `target` (made fresh): written as `<target>.partial` and renamed when
 * complete, so an interrupted backup never looks like a finished one. An earlier backup of the
 * same name is replaced. With no files at all, no folder is made (and an earlier one is removed).
 */
export function backupShopFiles(folders: ShopFolders, target: string, progress?: ProgressReport, hooks?: CopyHooks): FilesBackedUp {
  const work = FOLDER_NAMES.flatMap((name) => filesUnder(folders[name]).map((file) => ({ from: join(folders[name], file), to: join(name, file) })));
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const result: FilesBackedUp = { copied: 0, leftOut: 0 };
  try {
    work.forEach(({ from, to }, index) => {
      const outcome = copyFileWhole(from, join(partial, to), hooks);
      if (outcome === 'copied') result.copied++;
      if (outcome === 'changing') result.leftOut++;
      progress?.(index + 1, work.length);
    });
    rmSync(target, { recursive: true, force: true });
    if (result.copied > 0) renameSync(partial, target);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return result;
}

export interface FilesRestored {
  restored: number;
  /** Files already in place with the same bytes: left as they are. */
  unchanged: number;
}

/** Whether two files hold the same bytes, read a block at a time (product files run to 100 MB). */
function sameBytes(a: string, b: string, size: number): boolean {
  const [one, other] = [openSync(a, 'r'), openSync(b, 'r')];
  const [bufferA, bufferB] = [Buffer.alloc(64 * 1024), Buffer.alloc(64 * 1024)];
  try {
    for (let offset = 0; offset < size;) {
      const read = readSync(one, bufferA, 0, bufferA.length, offset);
      if (read === 0 || readSync(other, bufferB, 0, read, offset) !== read || !bufferA.subarray(0, read).equals(bufferB.subarray(0, read))) return false;
      offset += read;
    }
    return true;
  } finally {
    closeSync(one);
    closeSync(other);
  }
}

/** Each file of a backup folder, with where it goes back to and the shop folder that holds it. */
function restoreWork(backup: string, folders: ShopFolders): { from: string; to: string; folder: string }[] {
  return FOLDER_NAMES.flatMap((name) => filesUnder(join(backup, name)).map((file) => ({ from: join(backup, name, file), to: join(folders[name], file), folder: folders[name] })));
}

/**
 * Refuses a restore that would write outside the shop's folders: a folder inside them that is a
 * link to elsewhere (`uploads/thumbs → /etc`) would have the backup's files written there. Checked
 * before anything is restored, the database included, and the error names the link.
 */
export function refuseRestoreOutside(backup: string, folders: ShopFolders): void {
  for (const { to, folder } of restoreWork(backup, folders)) {
    if (!isWithin(realLocation(dirname(to)), realLocation(folder))) {
      throw new Error(fillMessage(serverMessages.restoreLeadsOutside, { folder: dirname(to), shopFolder: folder }));
    }
  }
}

/**
 * Puts the files of a backup folder back in the shop's folders. Never removes a file the backup
 * does not hold (one uploaded since stays), leaves a file with the same bytes alone, and writes
 * each under a temporary name first, so a restore stopped half-way leaves no half-written file.
 */
export function restoreShopFiles(backup: string, folders: ShopFolders, progress?: ProgressReport): FilesRestored {
  const work = restoreWork(backup, folders);
  refuseRestoreOutside(backup, folders);
  const result: FilesRestored = { restored: 0, unchanged: 0 };
  work.forEach(({ from, to }, index) => {
    const incoming = statSync(from);
    const present = statIfThere(to);
    if (present?.isFile() && present.size === incoming.size && sameBytes(from, to, incoming.size)) {
      result.unchanged++;
    } else {
      if (copyFileWhole(from, to) !== 'copied') throw new Error(fillMessage(serverMessages.restoreFileChanging, { file: from }));
      result.restored++;
    }
    progress?.(index + 1, work.length);
  });
  return result;
}

