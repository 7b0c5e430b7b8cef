/**
 * Room for a product file's upload before its body is read. Each upload is written to disk as it
 * arrives (up to 100 MB), so without a bound a few owners' tabs, or a script with a stolen
 * session, could fill the disk the database shares: beyond PRODUCT_FILE_UPLOADS_AT_ONCE uploads
 * in flight in this process, another is refused with 503 and Retry-After; and one is refused with
 * 507 when the folder's disk has less free space than the upload's declared length, the other
 * uploads' in flight, and a margin for the database and logs.
 */
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RequestHandler } from 'express';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { HttpError } from '../security/http-error.ts';

/** Uploads of product files one process receives at once: 3 × 100 MB at most on the way to disk. */
export const PRODUCT_FILE_UPLOADS_AT_ONCE = 3;
/** When a refused upload may be tried again: a 100 MB file takes about a minute on a slow line. */
export const PRODUCT_FILES_BUSY_RETRY_AFTER_SECONDS = 60;
/** Free space kept beyond the uploads: the database, its journal and the logs share the disk. */
export const FREE_SPACE_MARGIN_BYTES = 256 * 1024 * 1024;

/** The free bytes an unprivileged process may write on the disk of `path`, or of its nearest folder that exists. */
export async function freeBytesAt(path: string): Promise<number> {
  const absolute = resolve(path);
  try {
    const disk = await statfs(absolute);
    return disk.bavail * disk.bsize;
  } catch (error) {
    const parent = dirname(absolute);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === absolute) throw error;
    return freeBytesAt(parent);
  }
}

export interface UploadRoomOptions {
  /** The largest file taken: an upload without a Content-Length is counted as this large. */
  maxBytes: number;
  atOnce?: number;
  marginBytes?: number;
  /** How free space is read (freeBytesAt; another in tests). */
  freeBytes?: (dir: string) => Promise<number>;
}

/** Takes an upload's place among those in flight, given back when its answer ends or the client goes away. */
export function productFileUploadRoom(dir: string, options: UploadRoomOptions): RequestHandler {
  const atOnce = options.atOnce ?? PRODUCT_FILE_UPLOADS_AT_ONCE;
  const margin = options.marginBytes ?? FREE_SPACE_MARGIN_BYTES;
  const freeBytes = options.freeBytes ?? freeBytesAt;
  let inFlight = 0;
  /** The declared bytes of the uploads in flight, not yet all on disk. */
  let reserved = 0;

  return (req, res, next) => {
    if (inFlight >= atOnce) {
      res.set('Retry-After', String(PRODUCT_FILES_BUSY_RETRY_AFTER_SECONDS));
      next(new HttpError(503, ADMIN.server.productFilesBusy, { fieldErrors: { file: ADMIN.server.productFilesBusy } }));
      return;
    }
    const declared = Number(req.headers['content-length']);
    // the file is at most maxBytes whatever is declared (more is refused with 413 as it arrives)
    const bytes = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, options.maxBytes) : options.maxBytes;
    // counted at once, before the disk is asked: uploads arriving together see each other
    inFlight += 1;
    reserved += bytes;
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      inFlight -= 1;
      reserved -= bytes;
    };
    res.once('close', leave);
    freeBytes(dir).then((free) => {
      if (free < reserved + margin) {
        leave();
        next(new HttpError(507, ADMIN.server.productFileNoRoom, { fieldErrors: { file: ADMIN.server.productFileNoRoom } }));
        return;
      }
      next();
    }, (error: unknown) => {
      leave();
      next(error);
    });
  };
}
