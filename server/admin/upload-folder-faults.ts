/**
 * An upload's write refused by the server's own folder, not by anything in the owner's file: a
 * full disk (507, as the product files' up-front check answers) or a folder the process may not
 * write (read-only, another user's, a file where the folder should be: a 500 that says it is the
 * server's folder). Either is logged at error level naming the folder and its setting, for the
 * operator; what the upload wrote is removed by the caller before the answer.
 */
import { resolve } from 'node:path';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';

/** The disk has no room: ENOSPC, or the user's quota (EDQUOT). */
const FULL = new Set(['ENOSPC', 'EDQUOT']);
/** The folder cannot be written: read-only, not permitted, or not a folder at all. */
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EISDIR']);

/** An error of the file system (it names the call that failed), as against a decoder's or the store's. */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as { syscall?: unknown }).syscall === 'string';
}

/** 'full', 'unwritable', or null for any other error. */
export function folderFault(error: unknown): 'full' | 'unwritable' | null {
  if (!isFileSystemError(error)) return null;
  const code = error.code ?? '';
  if (FULL.has(code)) return 'full';
  // mkdir of a path that is a file: the folder set is not a folder
  if (UNWRITABLE.has(code) || (code === 'EEXIST' && error.syscall === 'mkdir')) return 'unwritable';
  return null;
}

export interface UploadFolder {
  kind: 'image' | 'file';
  /** The folder written to. */
  folder: string;
  log: { error: (details: object, message: string) => void };
}

const WORDS = {
  image: {
    upload: 'an image upload', folderName: 'uploads folder', setting: 'UPLOADS_DIR', field: 'image',
    full: ADMIN.server.imageNoRoom, unwritable: ADMIN.server.uploadsFolderUnwritable,
  },
  file: {
    upload: 'a product file upload', folderName: 'product-files folder', setting: 'PRODUCT_FILES_DIR', field: 'file',
    full: ADMIN.server.productFileNoRoom, unwritable: ADMIN.server.productFilesFolderUnwritable,
  },
} as const;

/**
 * The answer for an upload whose write failed with `error`, logged once at error level; null
 * when the error is not the folder's (the caller rethrows it as it is).
 */
export function uploadFolderError(error: unknown, upload: UploadFolder): HttpError | null {
  const fault = folderFault(error);
  if (fault === null) return null;
  const words = WORDS[upload.kind];
  const folder = resolve(upload.folder);
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const details = { folder, setting: words.setting, code, syscall: (error as NodeJS.ErrnoException).syscall };
  const said = fault === 'full' ? serverMessages.uploadFolderFullLog : serverMessages.uploadFolderUnwritableLog;
  upload.log.error(details, fillMessage(said, { upload: words.upload, folderName: words.folderName, folder, setting: words.setting, code }));
  const message = fault === 'full' ? words.full : words.unwritable;
  return new HttpError(fault === 'full' ? 507 : 500, message, { fieldErrors: { [words.field]: message } });
}
