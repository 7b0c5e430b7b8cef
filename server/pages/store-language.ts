/**
 * The store's language for the words a shopper reads: each page request (and the checkout's calls,
 * whose answers are the store's own words) runs with the language of the website's locale, so the
 * catalogue (client/lib/messages.ts), the islands' server render and the page's localizedStrings
 * write it. Requests run side by side, so the language is the request's, not the process's. Calls
 * outside it (the cart's, whose messages the specification gives) answer in English.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.ts';
import { catalogueLanguage, setLanguageSource, type CatalogueLanguage } from '../../client/lib/language.ts';
// the server writes every language: all of them are registered at once
import '../../client/lib/messages/translations.ts';
import { requestContent } from './request-content.ts';
import { storeLocale } from './base-context.ts';

const languages = new AsyncLocalStorage<CatalogueLanguage>();
setLanguageSource(() => languages.getStore() ?? 'en');

/** Runs `work` with the words of a store whose locale is `locale` (an email composed outside a page request). */
export function inStoreLanguage<T>(locale: string, work: () => T): T {
  return languages.run(catalogueLanguage(locale), work);
}

/** The rest of the request runs in the store's language. */
export function followStoreLanguage(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    const website = await requestContent(deps, req).site.website();
    languages.run(catalogueLanguage(storeLocale(website)), next);
  };
}
