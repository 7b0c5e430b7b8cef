import type { RequestHandler, Response } from 'express';
import { imageWork, type ImageWorkQueue, type UploadTurn } from './image-work.ts';

const turns = new WeakMap<Response, UploadTurn>();

/**
 * Takes an upload's place in the image line (image-work.ts) before its body is read: with the
 * line full the upload is answered 503 at once, before its file is received into memory. The
 * place is given back once the answer ends or the client goes away (a refused, failed or
 * abandoned upload), unless the image's work has begun, which gives it back when it ends.
 */
export function imageUploadTurn(queue: ImageWorkQueue = imageWork): RequestHandler {
  return (_req, res, next) => {
    const turn = queue.admit(res);
    turns.set(res, turn);
    res.once('close', () => turn.leave());
    next();
  };
}

/** The place imageUploadTurn took for this upload, to run its image work in. */
export function uploadTurnOf(res: Response): UploadTurn {
  const turn = turns.get(res);
  if (!turn) throw new Error('imageUploadTurn() must come before the upload\'s body is read.');
  return turn;
}
