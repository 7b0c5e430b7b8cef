/**
 * What /uploads/ may answer: the images the store wrote there itself. The folder may hold other
 * things (a subfolder, a database or backup put there by hand, a link to a file elsewhere), and a
 * static server would answer them all; only an image's or copy's name (upload-names.ts), at the
 * folder's top level, as a plain file and never a symbolic link, is served. Anything else falls
 * through to the same plain 404 as a missing file.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { isUploadName } from './upload-names.ts';

/**
 * Passes a request for an upload the store made on to the rest of the uploads' router; any other
 * leaves that router (next('router')). Run again after a step that points the request at another
 * file (a resized copy), so the file finally sent is checked too.
 */
export function onlyStoreUploads(dir: string): RequestHandler {
  return (req, _res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isUploadName(name)) {
      next('router');
      return;
    }
    // lstat, not stat: a link named as an upload is refused rather than followed out of the folder
    lstat(join(dir, name)).then((found) => next(found.isFile() ? undefined : 'router'), () => next('router'));
  };
}
