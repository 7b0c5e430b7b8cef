import express, { type RequestHandler } from 'express';
import { join } from 'node:path';
import { isWithin, realLocation } from '../real-location.ts';

/**
 * A folder of the template folder (assets/, scripts/) served as static files, as express.static
 * serves them (caching headers, ranges), but never through a link that leads out of the template
 * folder: the folder is untrusted, and `assets/pw.txt -> /etc/passwd` would publish the host's
 * file. Template reads hold the same rule (DiskTemplateSource.read). Such a request falls through
 * to the 404 of a missing file.
 */
export function folderStatic(folderRoot: string, subfolder: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const served = express.static(join(folderRoot, subfolder), { ...options, fallthrough: true });
  return (req, res, next) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    const full = join(folderRoot, subfolder, path);
    // the real place of the folder is read per request: the author may replace the folder meanwhile
    if (path.includes('\0') || !isWithin(realLocation(full), realLocation(folderRoot))) {
      next();
      return;
    }
    served(req, res, next);
  };
}
