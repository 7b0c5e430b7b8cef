import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { createProduct } from './create-product.ts';
import { sendCsvText } from './csv.ts';
import { productsCsv } from './product-export.ts';
import { failed, IMPORT_COLUMNS, readProductImport, sampleImportCsv, type ImportedProduct, type ImportProblem } from './product-import.ts';
import { slugOf } from './product-input.ts';

export const ADMIN_PRODUCT_IMPORT = '/api/admin/product-import';
export const ADMIN_PRODUCTS_CSV = '/api/admin/products.csv';
/** Largest file an import takes. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** One multipart file field named "file", at most MAX_IMPORT_BYTES, kept in memory. */
function importBody(): RequestHandler {
  return multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single('file');
}

const importUploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') next(new HttpError(413, fillMessage(ADMIN.server.importTooLarge, { max: MAX_IMPORT_BYTES / 1024 / 1024 })));
    else next(new HttpError(400, ADMIN.server.importFileMissing));
    return;
  }
  next(err);
};

/** The refusal of a file with problems: nothing written, each problem by row and column. */
function problemsAnswer(reading: { problems: ImportProblem[]; problemCount: number }): HttpError {
  return new HttpError(400, fillMessage(ADMIN.server.importHasProblems, { count: reading.problemCount }), { problems: reading.problems, problemCount: reading.problemCount });
}

/**
 * Products as a spreadsheet. The import (product-import.ts), for those who may edit the
 * catalogue: all of a file's products in one transaction, or none, with each problem named by
 * row and column; SKUs the store already has are refused, a URL slug it has is made free with
 * -2, -3…. The sample file, and every product exported in the same columns (product-export.ts).
 */
export function createProductSpreadsheetCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'catalogue.read');
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.get(`${ADMIN_PRODUCT_IMPORT}/sample.csv`, canRead, (_req, res) => {
    sendCsvText(res, 'products-sample.csv', sampleImportCsv());
  });

  router.get(ADMIN_PRODUCTS_CSV, canRead, async (_req, res) => {
    const [products, settings] = await Promise.all([new AdminProductRepository(deps.store).all(), readCheckoutSettings(deps.store)]);
    sendCsvText(res, 'products.csv', productsCsv(products, settings.currency));
  });

  router.post(ADMIN_PRODUCT_IMPORT, ownerWrite, canEdit, importBody(), importUploadErrors, async (req: Request, res: Response) => {
    if (!req.file) throw new HttpError(400, ADMIN.server.importFileMissing);
    const settings = await readCheckoutSettings(deps.store);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(req.file.buffer);
    } catch {
      throw new HttpError(400, ADMIN.server.importNotUtf8);
    }
    const reading = readProductImport(text, settings.currency);
    if (!reading.ok) throw problemsAnswer(reading);
    const actor = await actorOf(deps, req);
    const now = Date.now();
    await deps.store.transaction(async (tx) => {
      const products = new AdminProductRepository(tx);
      const taken = await skusInStore(products, reading.products);
      if (taken.length > 0) throw problemsAnswer(failed(taken));
      const collectionId = await products.shopCollectionId();
      if (!collectionId) throw new HttpError(409, ADMIN.server.noShop);
      // a URL slug the file gives must be free; one it leaves empty is made free with -2, -3…
      const slugs = new Set(reading.products.map((product) => product.input.urlSlug).filter((slug) => slug !== ''));
      const slugsTaken: ImportProblem[] = [];
      for (const product of reading.products) {
        if (product.input.urlSlug !== '' && (await products.urlIdInUse(collectionId, product.input.urlSlug))) {
          slugsTaken.push({ row: product.rows[0]!, column: IMPORT_COLUMNS.urlSlug, message: ADMIN.server.urlIdTaken });
        }
      }
      if (slugsTaken.length > 0) throw problemsAnswer(failed(slugsTaken));
      // each new product comes first in the shop: made last to first, they keep the file's order
      for (const product of [...reading.products].reverse()) {
        const urlSlug = product.input.urlSlug || (await freeSlug(products, collectionId, slugOf(product.input.title), slugs));
        await createProduct(tx, { ...product.input, urlSlug }, actor, now);
      }
    });
    res.status(201).json({ created: reading.products.length, message: fillMessage(ADMIN.imported, { count: reading.products.length }) });
  });

  return router;
}

async function skusInStore(products: AdminProductRepository, imported: readonly ImportedProduct[]): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  for (const product of imported) {
    for (const [index, variant] of product.input.variants.entries()) {
      if (variant.sku !== '' && (await products.skuInUse(variant.sku))) {
        problems.push({ row: product.rows[index]!, column: IMPORT_COLUMNS.sku, message: fillMessage(ADMIN.server.importSkuInUse, { sku: variant.sku }) });
      }
    }
  }
  return problems;
}

/** `slug`, or with -2, -3… when the shop or an earlier product of the file has it. */
async function freeSlug(products: AdminProductRepository, collectionId: string, slug: string, used: Set<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? slug : `${slug.slice(0, 95)}-${n}`;
    if (!used.has(candidate) && !(await products.urlIdInUse(collectionId, candidate))) {
      used.add(candidate);
      return candidate;
    }
  }
}
