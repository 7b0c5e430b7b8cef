/**
 * A plain page: a page collection (type 10) that is neither the home page nor a page with a form
 * (the contact page), whose content is the text its owner typed on the admin's Pages screen.
 */
import { blockTextHtml } from '../theme/block-text.ts';

/** Where a plain page's text is kept in its collection's data: as typed, never HTML. */
export const PAGE_TEXT_KEY = 'pageText';
/** The collection type code of a page. */
export const PAGE_TYPE_CODE = 10;

export interface PageLike {
  urlId: string;
  typeCode: number;
  data: Record<string, unknown>;
}

export function isHomePage(page: PageLike): boolean {
  return page.urlId === 'home' && page.typeCode === PAGE_TYPE_CODE;
}

export function isPlainPage(page: PageLike): boolean {
  const formId = page.data.formId;
  return page.typeCode === PAGE_TYPE_CODE && !isHomePage(page) && !(typeof formId === 'string' && formId !== '');
}

/** The page's text as its owner typed it ('' for none). */
export function plainPageText(page: PageLike): string {
  const text = page.data[PAGE_TEXT_KEY];
  return typeof text === 'string' ? text : '';
}

/** The page's text as HTML: escaped paragraphs with safe `[words](address)` links, the rule of every text the owner types. */
export function plainPageHtml(page: PageLike): string {
  return blockTextHtml(plainPageText(page));
}
