/**
 * Files being written into the uploads and product-files folders: an uploaded image, its resized
 * copies and a product file are each written under a hidden temporary name
 * (`.<final name>.<12 hex>.tmp`) and renamed once whole, so a half-written file is never under a
 * name the store serves, records or backs up.
 *
 * A write that fails, or whose request is cut off, removes its temporary file itself; those still
 * being written when the server is made to exit at the end of its shutdown's drain are removed
 * then (removePartialFilesNow); and those a process killed outright left behind (kill -9, a
 * crash, a power cut) are removed by the next start once nothing has written to them for
 * ABANDONED_AFTER_MS (removeAbandonedPartials): another process of the shop, on this machine or
 * another sharing the folder, may be writing a fresh one.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fillMessage, serverMessages } from '../messages.ts';

/** A temporary name: `.`, the final name (hex, dots, a width, an extension), 12 hex digits, `.tmp`. */
const PARTIAL_NAME = /^\.[0-9a-f]{24,32}(?:\.[0-9a-z]+)*\.[0-9a-f]{12}\.tmp$/;

/**
 * How long a temporary file must have gone unwritten before a start takes it as abandoned: a body
 * that stops arriving is cut off after 30 s (slow-clients.ts), and an image is written in one go.
 */
export const ABANDONED_AFTER_MS = 120_000;

/** The temporary path a file to be named `name` in `dir` is written under. */
export function partialPath(dir: string, name: string): string {
  return join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
}

/** True for a name partialPath gives. */
export function isPartialName(name: string): boolean {
  return PARTIAL_NAME.test(name);
}

/** The temporary files this process is writing now. */
const writing = new Set<string>();

/** Marks `path` as being written (until partialDone). */
export function partialStarted(path: string): void {
  writing.add(path);
}

/** Marks `path` as renamed or removed. */
export function partialDone(path: string): void {
  writing.delete(path);
}

/** Removes every temporary file this process is still writing (at a forced exit); answers how many. */
export function removePartialFilesNow(): number {
  let removed = 0;
  for (const path of writing) {
    try {
      rmSync(path, { force: true });
      removed += 1;
    } catch {
      // an exit is under way: a file left is removed by the next start
    }
  }
  writing.clear();
  return removed;
}

/** Removes the temporary files in `dirs` untouched for `abandonedAfterMs`; answers how many per folder. */
export function removeAbandonedPartialsNow(dirs: readonly string[], abandonedAfterMs = ABANDONED_AFTER_MS, now = Date.now()): { folder: string; removed: number; left: number }[] {
  return dirs.map((dir) => {
    const folder = resolve(dir);
    let removed = 0;
    let left = 0;
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return { folder, removed, left };
    }
    for (const name of names.filter(isPartialName)) {
      const path = join(folder, name);
      try {
        const stats = statSync(path);
        if (!stats.isFile() || writing.has(path)) continue;
        if (now - stats.mtimeMs < abandonedAfterMs) {
          left += 1;
          continue;
        }
        rmSync(path, { force: true });
        removed += 1;
      } catch {
        // gone meanwhile (its writer renamed or removed it), or not ours to remove: left
      }
    }
    return { folder, removed, left };
  });
}

/**
 * At start: removes the abandoned temporary files of `dirs` now, and once more after
 * ABANDONED_AFTER_MS for those still fresh at start (a process killed just before this one
 * started); one info line per folder that had any.
 */
export function removeAbandonedPartials(dirs: readonly string[], log: { info: (details: object, message: string) => void }, abandonedAfterMs = ABANDONED_AFTER_MS): void {
  const sweep = (): boolean => {
    let fresh = false;
    for (const { folder, removed, left } of removeAbandonedPartialsNow(dirs, abandonedAfterMs)) {
      if (removed > 0) log.info({ folder, removed }, fillMessage(serverMessages.partialFilesRemovedLog, { count: removed, folder }));
      fresh ||= left > 0;
    }
    return fresh;
  };
  if (sweep()) setTimeout(sweep, abandonedAfterMs + 1_000).unref();
}
