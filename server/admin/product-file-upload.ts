import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rename, rm, rmSync } from 'node:fs';
import { pipeline } from 'node:stream';
import { basename, join } from 'node:path';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import multer from 'multer';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MAX_PRODUCT_FILE_BYTES, productFileTooLarge } from '../../client/lib/product-file-limits.ts';
import type { AppOptions } from '../deps.ts';
import { HttpError } from '../security/http-error.ts';
import { productFilesDir } from '../store-folders.ts';
import { multipartFile } from './multipart-body.ts';
import { partialDone, partialPath, partialStarted } from './partial-files.ts';
import { storedFilePath } from './product-file-names.ts';
import { uploadFolderError, type UploadFolder } from './upload-folder-faults.ts';

// where it always was for its callers; kept apart so npm run backup loads no upload code (product-file-names.ts)
export { storedFilePath };

/** The largest file a digital product may have (options.maxProductFileBytes, for tests, else 100 MB). */
export function maxProductFileBytes(options: AppOptions): number {
  return options.maxProductFileBytes ?? MAX_PRODUCT_FILE_BYTES;
}

/** A new name for a file in the product-files folder (an upload's, or the demo shop's seeded file). */
export function newStoredName(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Writes each file under a temporary name in `dir` (partial-files.ts) and renames it to a new
 * random name once it has all arrived: a half-written file is never under a stored name. Whatever
 * ends the write early (the disk full, the folder refusing it, the client gone, the request cut
 * off) removes the temporary file before multer hears of it.
 */
class WholeFileStorage implements multer.StorageEngine {
  constructor(private readonly dir: string) {}

  _handleFile(req: Request, file: Express.Multer.File, done: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (error) {
      file.stream.resume();
      done(error);
      return;
    }
    const name = newStoredName();
    const temporary = partialPath(this.dir, name);
    const finalPath = join(this.dir, name);
    partialStarted(temporary);
    const out = createWriteStream(temporary, { flags: 'wx' });
    let ended = false;
    // a request cut off mid-file (the client gone, the server's drain over) ends the write
    const cutOff = (): void => {
      if (!ended && !req.readableEnded) file.stream.destroy(new Error('Request closed'));
    };
    req.once('close', cutOff);
    const removeTemporary = (): void => {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // left to the next start's sweep (partial-files.ts)
      }
    };
    // at once, before the source's error reaches multer, which answers then: nothing is left once the answer is sent
    out.once('error', removeTemporary);
    const fail = (error: unknown): void => {
      removeTemporary();
      partialDone(temporary);
      done(error);
    };
    pipeline(file.stream, out, (error) => {
      ended = true;
      req.off('close', cutOff);
      if (error) {
        fail(error);
        return;
      }
      rename(temporary, finalPath, (renameError) => {
        if (renameError) {
          fail(renameError);
          return;
        }
        partialDone(temporary);
        done(null, { destination: this.dir, filename: name, path: finalPath, size: out.bytesWritten });
      });
    });
  }

  _removeFile(_req: Request, file: Express.Multer.File, done: (error: Error | null) => void): void {
    rm(file.path, { force: true }, (error) => done(error));
  }
}

/**
 * Reads one multipart file field named "file" straight to the product-files folder, at most
 * `maxBytes`: a bigger one ends the upload with 413 as its bytes arrive. Nothing of it is held in
 * memory, and nothing of it is left when it does not arrive whole (WholeFileStorage).
 */
export function productFileBody(options: AppOptions): RequestHandler {
  const dir = productFilesDir(options);
  return multipartFile('file', { fileSize: maxProductFileBytes(options), files: 1, fields: 2, fieldSize: 1024, parts: 3 }, new WholeFileStorage(dir));
}

/**
 * Multer's refusals as answers: too large is 413 naming the cap, any other malformed upload 400;
 * the folder's own failure (a full disk 507, a folder that cannot be written 500) logged for the
 * operator (upload-folder-faults.ts).
 */
export function productFileErrors(options: AppOptions, log: UploadFolder['log']): ErrorRequestHandler {
  return (err, _req, _res, next) => {
    if (err instanceof multer.MulterError) {
      const message = err.code === 'LIMIT_FILE_SIZE' ? productFileTooLarge(maxProductFileBytes(options)) : ADMIN.server.productFileMissing;
      next(new HttpError(err.code === 'LIMIT_FILE_SIZE' ? 413 : 400, message, { fieldErrors: { file: message } }));
      return;
    }
    next(uploadFolderError(err, { kind: 'file', folder: productFilesDir(options), log }) ?? err);
  };
}

/**
 * The uploaded name as a download may be called: the last segment of any path, without control
 * characters, quotes or backslashes (which a Content-Disposition header or a file system would
 * misread), at most 200 characters; "download" when nothing is left.
 */
export function cleanFileName(uploaded: string): string {
  const last = basename(uploaded.replaceAll('\\', '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f"\\/]/g, '').trim();
  const kept = [...cleaned].slice(0, 200).join('');
  return kept === '' || kept === '.' || kept === '..' ? 'download' : kept;
}

/** A MIME type as `type/subtype`, parameters left out; what the browser declared (the bytes are not sniffed: any file may be sold). */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The type a download is served with: the declared one when it is a plain MIME type, else application/octet-stream. */
export function cleanContentType(declared: string): string {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : 'application/octet-stream';
}

/** The SHA-256 of a stored file, read from the disk (never all in memory). */
export function fileSha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path).on('data', (chunk) => hash.update(chunk)).on('error', reject).on('end', () => resolve(hash.digest('hex')));
  });
}

/** Deletes a stored file (one replaced or removed, once the row that named it is gone for good). */
export function removeStoredFile(dir: string, storedName: string | null): void {
  const path = storedName === null ? null : storedFilePath(dir, storedName);
  if (path !== null) rmSync(path, { force: true });
}
