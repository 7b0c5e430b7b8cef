/**
 * Images uploaded before the store removed metadata at upload (image-upload.ts) may still carry
 * the owner's GPS position. Each is looked at on its first request in a server process, before
 * the uploads' static files answer it: one that carries metadata is saved again without it, in
 * place of the original (image-metadata.ts), so the static files only ever send clean bytes.
 * The size the store records for it (the admin shows it) is updated by the process that saved it,
 * and so is its width and height when cleaning turned it upright (an image stored before upload
 * turned photos may have its sideways shape recorded; the product pages' and cards' picture
 * frames and srcset read the recorded one).
 * Nothing happens at start-up, however many images a shop has: an image costs one read of its
 * header per process, and one re-encoding ever. Images are looked at one at a time, so a crawler
 * asking for many old images at once does not fill the memory, and each re-encoding waits its
 * turn among the process's image work (uploads and copies too, image-work.ts).
 *
 * On a read-only store (or a folder the store may not write) the cleaned bytes are served from
 * memory, the most recently used up to CLEANED_IN_MEMORY_BYTES, and made again when dropped. A
 * folder the store may not write still has the cleaned shape recorded; a read-only store records
 * nothing, so its pages keep the shape recorded until it is opened for writing again.
 * An image whose pixels no longer decode is never served as it is: its widest copy answers
 * (copies carry no metadata), else a 404; the file stays on disk, and the log says which.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { serverMessages } from '../messages.ts';
import { readImageFacts } from './image-copies.ts';
import { COPY_WIDTHS, copyName, isUploadedOriginal } from './upload-names.ts';
import { imageWithoutMetadata } from './image-metadata.ts';
import { imageWork } from './image-work.ts';

/** Memory a read-only store gives to cleaned originals it cannot write back. */
const CLEANED_IN_MEMORY_BYTES = 64 * 1024 * 1024;
/** The static files' own cache header (`maxAge: '1h'`), for the originals answered from memory. */
const UPLOADS_CACHE_CONTROL = 'public, max-age=3600';

type Verdict =
  | { kind: 'clean' }
  | { kind: 'cleaned in memory' }
  | { kind: 'unreadable' }
  | { kind: 'missing' };

export interface CleanUploadsOptions {
  log: Logger;
  /** Save a cleaned image in place of the original (off for a read-only store). */
  canWrite: boolean;
  /**
   * Records what cleaning changed of an image, when the store can write: its width and height as
   * served (turned upright), and its size on disk once its file is replaced (one cleaned in
   * memory keeps its file, and so its byte size).
   */
  recordCleaned?: (name: string, cleaned: CleanedImage) => Promise<void>;
}

export interface CleanedImage {
  /** "WIDTHxHEIGHT" of the cleaned image, as the store records an upload's size. */
  originalSize: string;
  /** The replaced file's size; undefined when the cleaned image is served from memory. */
  byteSize?: number;
}

function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

async function statOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}

/** The widest copy of `name` there is, if any. */
async function widestCopy(dir: string, name: string): Promise<string | undefined> {
  for (const width of [...COPY_WIDTHS].reverse()) {
    if ((await statOrUndefined(join(dir, copyName(name, width))))?.isFile()) return copyName(name, width);
  }
  return undefined;
}

/**
 * Writes `bytes` in place of the file at `path` through a hidden temporary file (never half
 * written), unless the file has gone (its image was removed meanwhile: it must not come back)
 * or changed since it was read (another server process cleaned it first).
 */
async function replaceUnchanged(dir: string, name: string, read: Stats, bytes: Buffer): Promise<'replaced' | 'gone' | 'changed'> {
  const path = join(dir, name);
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    const now = await statOrUndefined(path);
    if (!now) return 'gone';
    if (now.mtimeMs !== read.mtimeMs || now.size !== read.size) return 'changed';
    await rename(temporary, path);
    return 'replaced';
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Before the uploads' static files: an original (not a copy, which never carries metadata) is
 * answered only once it is known to be clean, as described above.
 */
export function cleanUploads(dir: string, options: CleanUploadsOptions): RequestHandler {
  const verdicts = new Map<string, Promise<Verdict>>();
  const cleanedInMemory = new LRUCache<string, Buffer>({ maxSize: CLEANED_IN_MEMORY_BYTES, sizeCalculation: (bytes) => bytes.length });
  const encodingLine = imageWork.backgroundLine();
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** The clean image is served whether or not its size could be recorded (the database away): that is only said. */
  const recordCleaned = async (name: string, cleaned: Buffer, byteSize?: number): Promise<void> => {
    if (!options.canWrite || !options.recordCleaned) return;
    try {
      const { width, height } = await readImageFacts(cleaned);
      await options.recordCleaned(name, { originalSize: `${width}x${height}`, byteSize });
    } catch (error) {
      options.log.warn({ image: name, byteSize, reason: error instanceof Error ? error.message : String(error) }, serverMessages.uploadSizeNotRecordedLog);
    }
  };

  const judge = async (name: string, attempts = 2): Promise<Verdict> => {
    const path = join(dir, name);
    const read = await statOrUndefined(path);
    const bytes = read?.isFile() ? await readFile(path).catch(() => undefined) : undefined;
    if (!read || !bytes) return { kind: 'missing' };
    let cleaned: Buffer | undefined;
    try {
      cleaned = await imageWithoutMetadata(bytes, extensionOf(name), encodingLine);
    } catch (error) {
      options.log.warn({ image: name, reason: error instanceof Error ? error.message : String(error) }, serverMessages.uploadNotCleanedLog);
      return { kind: 'unreadable' };
    }
    if (!cleaned) return { kind: 'clean' };
    if (options.canWrite) {
      try {
        const outcome = await replaceUnchanged(dir, name, read, cleaned);
        if (outcome === 'replaced') {
          options.log.info({ image: name, bytesBefore: bytes.length, bytesAfter: cleaned.length }, serverMessages.uploadCleanedLog);
          await recordCleaned(name, cleaned, cleaned.length);
          return { kind: 'clean' };
        }
        if (outcome === 'gone') return { kind: 'missing' };
        // changed under us: look at what is there now (once; after that, serve the cleaned bytes)
        if (attempts > 1) return await judge(name, attempts - 1);
      } catch (error) {
        options.log.warn({ image: name, reason: error instanceof Error ? error.message : String(error) }, serverMessages.uploadCleanedInMemoryLog);
      }
    }
    cleanedInMemory.set(name, cleaned);
    await recordCleaned(name, cleaned);
    return { kind: 'cleaned in memory' };
  };

  /** The verdict on `name`, judged once per process (a missing file is not remembered). */
  const verdictOn = (name: string): Promise<Verdict> => {
    let verdict = verdicts.get(name);
    if (!verdict) {
      verdict = oneAtATime(() => judge(name));
      verdicts.set(name, verdict);
      void verdict.then((found) => {
        if (found.kind === 'missing') verdicts.delete(name);
      });
    }
    return verdict;
  };

  /** The cleaned bytes of an image the store could not write back, from memory or made again. */
  const cleanedBytes = async (name: string): Promise<Buffer | undefined> => {
    const kept = cleanedInMemory.get(name);
    if (kept) return kept;
    return oneAtATime(async () => {
      const bytes = await readFile(join(dir, name)).catch(() => undefined);
      const cleaned = bytes && (await imageWithoutMetadata(bytes, extensionOf(name), encodingLine).then((found) => found ?? bytes, () => undefined));
      if (cleaned) cleanedInMemory.set(name, cleaned);
      return cleaned;
    });
  };

  const answer = async (name: string): Promise<{ send: Buffer } | { url: string } | 'not found' | 'as stored'> => {
    const verdict = await verdictOn(name);
    if (verdict.kind === 'cleaned in memory') {
      const bytes = await cleanedBytes(name);
      return bytes ? { send: bytes } : 'not found';
    }
    if (verdict.kind === 'unreadable') {
      const copy = await widestCopy(dir, name);
      return copy ? { url: `/${copy}` } : 'not found';
    }
    return 'as stored';
  };

  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isUploadedOriginal(name)) {
      next();
      return;
    }
    answer(name).then((found) => {
      if (found === 'not found') {
        res.status(404).type('text/plain').send(serverMessages.fileNotFound);
      } else if (found === 'as stored') {
        next();
      } else if ('send' in found) {
        res.type(extensionOf(name)).set('Cache-Control', UPLOADS_CACHE_CONTROL).send(found.send);
      } else {
        req.url = found.url;
        next();
      }
    }, next);
  };
}
