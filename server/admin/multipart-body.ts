import type { RequestHandler } from 'express';
import multer from 'multer';
import { isFileSystemError } from './upload-folder-faults.ts';

/**
 * One multipart file field named `field`, read into memory within `limits`. Multer's own
 * refusals (a limit passed) go on as MulterError for the route to word; its parser's (no
 * boundary, a malformed part header, a body cut short) are a body that cannot be read: 400 with
 * one warn line, like the other refused bodies, not a 500. Memory storage (the default) fails no
 * other way; a disk storage's own failure (a full disk) goes on as it is, for the route to answer
 * (upload-folder-faults.ts).
 */
export function multipartFile(field: string, limits: multer.Options['limits'], storage: multer.StorageEngine = multer.memoryStorage()): RequestHandler {
  // a file name is read as UTF-8, as browsers send it (multer's default reads it as Latin-1)
  const upload = multer({ storage, limits, defParamCharset: 'utf8' }).single(field);
  return (req, res, next) => upload(req, res, (error?: unknown) => {
    next(error === undefined || error instanceof multer.MulterError || isFileSystemError(error) ? error : malformedMultipart(error));
  });
}

/** A parser's refusal as body-parser words its own (security/error-handlers.ts reads `type`). */
function malformedMultipart(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(message), { type: 'multipart.malformed', status: 400, expose: true });
}
