import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { parseAdminInput } from './admin-validation.ts';
import { sendCsvText, streamCsv } from './csv.ts';
import { csvFormatOf } from './csv-format.ts';
import { EXPORT_BATCH, optionColumnCount, productCsvRows, productsCsvHeader } from './product-export.ts';
import { everyImportProblem, importTooLargeText, MAX_IMPORT_BYTES, readProductImport, sampleImportCsv, type ImportProblem } from './product-import.ts';
import { checkImportedProducts, writeImportedProducts } from './product-import-write.ts';
import { multipartFile } from './multipart-body.ts';

export const ADMIN_PRODUCT_IMPORT = '/api/admin/product-import';
export const ADMIN_PRODUCTS_CSV = '/api/admin/products.csv';
/** One multipart file field named "file", at most MAX_IMPORT_BYTES, kept in memory. */
function importBody(): RequestHandler {
  return multipartFile('file', { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 });
}

const importUploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') next(new HttpError(413, importTooLargeText()));
    else next(new HttpError(400, ADMIN.server.importFileMissing));
    return;
  }
  next(err);
};

/** The form's fields beside the file: update=yes writes over the products whose URL slug the shop has. */
const importFields = z.object({ update: z.enum(['yes', 'no']).optional() });

/** The refusal of a file with problems: nothing written, each problem by row and column. */
function problemsAnswer(reading: { problems: ImportProblem[]; problemCount: number }): HttpError {
  return new HttpError(400, fillMessage(ADMIN.server.importHasProblems, { count: reading.problemCount }), { problems: reading.problems, problemCount: reading.problemCount });
}

/**
 * Products as a spreadsheet. The import (product-import.ts), for those who may edit the
 * catalogue: all of a file's products in one transaction, or none, with each problem named by
 * row and column; new products, and, when asked, products the shop has written over
 * (product-import-write.ts). The sample file, and every product exported in the same columns (product-export.ts).
 */
export function createProductSpreadsheetCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'catalogue.read');
  const canEdit = requireOwner(deps, 'catalogue.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  // both in the store language's CSV format (semicolons in a German store, csv-format.ts), which the import reads back
  router.get(`${ADMIN_PRODUCT_IMPORT}/sample.csv`, canRead, async (_req, res) => {
    const settings = await readCheckoutSettings(deps.store);
    sendCsvText(res, 'products-sample.csv', sampleImportCsv(csvFormatOf(settings.locale)));
  });

  router.get(ADMIN_PRODUCTS_CSV, canRead, async (_req, res) => {
    const products = new AdminProductRepository(deps.store);
    const [optionCount, settings] = await Promise.all([optionColumnCount(products.batches(EXPORT_BATCH)), readCheckoutSettings(deps.store)]);
    const format = csvFormatOf(settings.locale);
    await streamCsv(res, 'products.csv', productsCsvHeader(optionCount), productCsvRows(products.batches(EXPORT_BATCH), optionCount, settings.currency, format), format);
  });

  router.post(ADMIN_PRODUCT_IMPORT, canEdit, ownerWrite, importBody(), importUploadErrors, async (req: Request, res: Response) => {
    if (!req.file) throw new HttpError(400, ADMIN.server.importFileMissing);
    const { update } = parseAdminInput(importFields, req.body ?? {});
    const settings = await readCheckoutSettings(deps.store);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(req.file.buffer);
    } catch {
      throw new HttpError(400, ADMIN.server.importNotUtf8);
    }
    const reading = readProductImport(text, settings.currency);
    const options = { updateExisting: update === 'yes' };
    if (!reading.ok) {
      // the store's problems with the products that read well too, so that one round of corrections mends all
      const storeProblems = reading.products.length === 0 ? []
        : (await deps.store.transaction((tx) => checkImportedProducts(tx, reading.products, options))).problems;
      throw problemsAnswer(everyImportProblem(reading.everyProblem, storeProblems));
    }
    const actor = await actorOf(deps, req);
    const now = Date.now();
    const written = await deps.store.transaction(async (tx) => {
      const outcome = await writeImportedProducts(tx, reading.products, reading.has, options, actor, now);
      if (!outcome.ok) throw problemsAnswer(outcome);
      return outcome;
    });
    res.status(201).json({ created: written.created, updated: written.updated, unchanged: written.unchanged, message: importedMessage(written) });
  });

  return router;
}

/** What an import did: products made, updated, or both, and the shop's products it left as they were. */
function importedMessage({ created, updated, unchanged }: { created: number; updated: number; unchanged: number }): string {
  if (created === 0 && updated === 0) return fillMessage(ADMIN.importNothingChanged, { count: unchanged });
  const done = updated === 0 ? fillMessage(ADMIN.imported, { count: created })
    : created === 0 ? fillMessage(ADMIN.importUpdated, { count: updated })
      : fillMessage(ADMIN.importedAndUpdated, { created, updated });
  return unchanged === 0 ? done : `${done} ${fillMessage(ADMIN.importUnchanged, { count: unchanged })}`;
}
