/**
 * What the server tells the page about itself, in a JSON script element with
 * id "storefront-page-context" (page type code, signed-in member roles, flags).
 */
import type { MoneyFormat } from './money.ts';

export const PAGE_CONTEXT_ELEMENT_ID = 'storefront-page-context';

export interface PageContext {
  pageType?: number;
  /** Website roles of a signed-in member (contributor role codes); absent for visitors. */
  memberRoles?: number[];
  analyticsDisabled?: boolean;
  /** 'restrictive' clears census cookies unless consent was given. */
  cookiePolicy?: 'restrictive' | 'permissive';
  websiteId?: string;
  locale?: string;
  performanceMetrics?: boolean;
  /** How the store writes money (its currency in its locale), as the server's price formatters write it. */
  moneyFormat?: MoneyFormat;
}

/** Page type and website id from the body's data attributes (data-page-type, data-website-id). */
function fromBody(doc: Document): PageContext {
  const data = doc.body?.dataset ?? {};
  const pageType = Number(data.pageType);
  return {
    ...(Number.isInteger(pageType) && data.pageType !== '' ? { pageType } : {}),
    ...(data.websiteId ? { websiteId: data.websiteId } : {}),
  };
}

export function readPageContext(doc: Document = document): PageContext {
  const base = fromBody(doc);
  const element = doc.getElementById(PAGE_CONTEXT_ELEMENT_ID);
  if (!element?.textContent) return base;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return typeof parsed === 'object' && parsed !== null ? { ...base, ...(parsed as PageContext) } : base;
  } catch {
    return base;
  }
}
