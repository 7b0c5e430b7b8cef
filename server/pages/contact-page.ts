/**
 * The shop's contact page: its `contact` collection and the form it shows. `/contact` serves it,
 * and a page that tells a shopper to write to the shop links to it, only when it is there.
 */
import type { Request } from 'express';
import type { AppDeps } from '../deps.ts';
import type { CollectionRecord } from '../db/site-repository.ts';
import { requestContent } from './request-content.ts';

export const CONTACT_PAGE_PATH = '/contact';

export interface ContactPage {
  collection: CollectionRecord;
  form: Record<string, unknown>;
}

/** The contact page as this request reads the store, or null when the store has none (no collection, or no form for it). */
export async function readContactPage(deps: AppDeps, req: Request): Promise<ContactPage | null> {
  const { site, content } = requestContent(deps, req);
  const collection = await site.collectionByUrlId('contact');
  const formId = typeof collection?.data.formId === 'string' ? collection.data.formId : '';
  const form = formId ? await content.form(formId) : null;
  return collection && form ? { collection, form } : null;
}
