/**
 * The plain page a printable admin page (the packing slips, an order's invoice) answers instead of
 * itself: signed out, a role without the orders' right, a query that does not read, an order that
 * does not exist. Never cached; the admin's words, English as the admin is.
 */
import type { Response } from 'express';
import { escapeHtml } from '../../engine/plugins/core/html-escape.ts';
import { ADMIN_BASE } from '../../client/lib/admin-paths.ts';

export function printablePageRefusal(res: Response, status: number, title: string, message: string): void {
  res.status(status).set('Cache-Control', 'no-store').type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><p>${escapeHtml(message)}</p><p><a href="${ADMIN_BASE}">Sign in to the admin</a></p></body></html>`);
}
