/**
 * The reader of JSON bodies: at most `bodyLimit` (100 KB unless the options say otherwise) for
 * every call but the product list's bulk action, whose body names up to 10,000 products by id
 * (about 270 KB of ids) and is checked for that count by its own call, which says so in the
 * owner's words; past 1 MB it too is refused as too large (413).
 */
import express, { type RequestHandler } from 'express';
import { ADMIN_PRODUCTS_BULK } from './admin/product-bulk-calls.ts';

const LARGE_BODY_LIMIT = '1mb';

export function jsonBodies(bodyLimit: string): RequestHandler {
  const usual = express.json({ limit: bodyLimit });
  const large = express.json({ limit: LARGE_BODY_LIMIT });
  return (req, res, next) => (req.method === 'POST' && req.path === ADMIN_PRODUCTS_BULK ? large : usual)(req, res, next);
}
