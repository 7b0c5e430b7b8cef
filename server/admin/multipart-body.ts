import type { RequestHandler } from 'express';
import multer from 'multer';

/**
 * One multipart file field named `field`, read into memory within `limits`. Multer's own
 * refusals (a limit passed) go on as MulterError for the route to word; its parser's (no
 * boundary, a malformed part header, a body cut short) are a body that cannot be read: 400 with
 * one warn line, like the other refused bodies, not a 500. Memory storage fails no other way.
 */
export function multipartFile(field: string, limits: multer.Options['limits']): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits }).single(field);
  return (req, res, next) => upload(req, res, (error?: unknown) => {
    next(error === undefined || error instanceof multer.MulterError ? error : malformedMultipart(error));
  });
}

/** A parser's refusal as body-parser words its own (security/error-handlers.ts reads `type`). */
function malformedMultipart(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(message), { type: 'multipart.malformed', status: 400, expose: true });
}
