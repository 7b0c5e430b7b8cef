/**
 * Compression of the files a page loads: the islands' and admin's scripts, stylesheets, SVG
 * pictures, robots.txt and the sitemap (brotli or gzip, as the browser asks). On a phone the
 * scripts are most of what a first visit downloads: about 260 KB as sent, a third of that
 * compressed.
 *
 * Pages and JSON answers are sent as they are, on purpose: they carry the visitor's crumb and
 * reflect what the visitor typed (a search, a form's error), the two halves of the BREACH attack,
 * which reads a secret from the size of compressed responses.
 */
import compression from 'compression';
import type { RequestHandler } from 'express';

/** Content types that carry no visitor's secret: files every visitor gets alike. */
const FILE_TYPES = /^(?:text\/(?:css|javascript|plain|xml)|application\/(?:javascript|xml)|image\/svg\+xml)(?:;|$)/i;

export function compressedFiles(): RequestHandler {
  return compression({
    filter: (_req, res) => FILE_TYPES.test(String(res.getHeader('Content-Type') ?? '')),
  });
}
