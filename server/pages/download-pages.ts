import { createReadStream, statSync } from 'node:fs';
import { Router, type Request, type Response } from 'express';
import { DOWNLOADS } from '../../client/lib/messages.ts';
import { DOWNLOAD_PATH, DOWNLOAD_TOKEN_LENGTH, downloadsAllowed, tokenHash } from '../commerce/download-grants.ts';
import { DownloadGrantRepository } from '../db/download-grant-repository.ts';
import { ProductFileRepository } from '../db/product-file-repository.ts';
import type { AppDeps } from '../deps.ts';
import { storedFilePath } from '../admin/product-file-upload.ts';
import { productFilesDir } from '../store-folders.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { CONTACT_PAGE_PATH, readContactPage } from './contact-page.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';

/** Orders whose downloads stop: the buyer has their money back. */
const CLOSED_ORDER_STATUSES = new Set(['cancelled', 'refunded']);

const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${DOWNLOAD_TOKEN_LENGTH}}$`);

/**
 * Every download's headers, whatever the file. Never its declared type: a bought x.js served as
 * text/javascript would run from a <script src> on the shop's own pages, past its CSP. As bytes
 * to save, sandboxed and never sniffed, a file can only be downloaded, not run or shown as the shop.
 */
export const DOWNLOAD_HEADERS = {
  'Content-Type': 'application/octet-stream',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
} as const;

/**
 * A file name as a Content-Disposition header carries it: `filename` in plain ASCII for old
 * clients (others as _), `filename*` in UTF-8 percent-encoding (RFC 6266, 8187) for the rest.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The buyer's download link (`/downloads/{token}`, from the confirmation email and page): a
 * working link streams the product's file and takes one of its downloads; an expired, used-up
 * or unknown link, or one of a cancelled or refunded order or line, shows a page saying why and what to do.
 */
export function createDownloadPages(deps: AppDeps, pages: PageRenderer): Router {
  const router = Router();
  const dir = productFilesDir(deps.options);

  // every refusal asks the buyer to contact the shop: its contact page when it has one (the site settings hold no public email)
  const refuse = async (req: Request, res: Response, status: number, message: string) => pages.render(req, res, {
    template: 'download-refused',
    pageType: PAGE_TYPE.PAGE,
    pageTitle: DOWNLOADS.refusedTitle,
    status,
    context: {
      refusal: {
        title: DOWNLOADS.refusedTitle, message, shopUrl: '/shop', shopLabel: DOWNLOADS.backToShop,
        contactUrl: (await readContactPage(deps, req)) === null ? null : CONTACT_PAGE_PATH, contactLabel: DOWNLOADS.contactShop,
      },
    },
  });

  // a GET that spends a download (the link comes from an email, so it cannot carry a crumb): throttled
  router.get(`${DOWNLOAD_PATH}:token`, createRateLimiter(deps, 'download'), async (req, res) => {
    const token = req.params.token ?? '';
    const grants = new DownloadGrantRepository(deps.store);
    const grant = TOKEN_SHAPE.test(token) ? await grants.findByTokenHash(tokenHash(token)) : undefined;
    if (!grant) return refuse(req, res, 404, DOWNLOADS.unknown);
    // the order to quote to the shop, named in every refusal of a known link
    const order = DOWNLOADS.orderToQuote(grant.orderNumber);
    if (CLOSED_ORDER_STATUSES.has(grant.orderStatus)) return refuse(req, res, 410, DOWNLOADS.orderClosed(order));
    // a refund of part of the order that gave back the whole line stops its link, as a whole refund does the order's
    if (grant.lineRefunded) return refuse(req, res, 410, DOWNLOADS.lineRefunded(order));
    if (grant.expiresOn <= Date.now()) return refuse(req, res, 410, DOWNLOADS.expired(order));
    if (grant.downloadsLeft <= 0) return refuse(req, res, 410, DOWNLOADS.usedUp(downloadsAllowed(grant), order));
    const file = await new ProductFileRepository(deps.store).find(grant.productId);
    const path = file ? storedFilePath(dir, file.storedName) : null;
    const size = path === null ? undefined : statSync(path, { throwIfNoEntry: false })?.size;
    if (!file || path === null || size === undefined) return refuse(req, res, 410, DOWNLOADS.fileGone(order));
    // a HEAD (a mail scanner checking the link) answers the headers and spends nothing
    if (req.method === 'GET' && (await grants.takeDownload(grant.id)) === null) return refuse(req, res, 410, DOWNLOADS.usedUp(downloadsAllowed(grant), order));
    res.status(200).set({ ...DOWNLOAD_HEADERS, 'Content-Length': String(size), 'Content-Disposition': attachmentHeader(file.fileName) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(path);
    // a file removed or unreadable mid-way: the answer has begun, so it can only be cut short
    stream.on('error', (error) => {
      deps.log.error({ err: error, productId: grant.productId }, 'a download file could not be read');
      res.destroy(error);
    });
    stream.pipe(res);
  });

  return router;
}
