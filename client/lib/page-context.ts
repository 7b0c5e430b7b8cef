/**
 * What the server tells the page about itself, in a JSON script element with
 * id "storefront-page-context" (page type code, signed-in member roles, flags).
 */

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
}

export function readPageContext(doc: Document = document): PageContext {
  const element = doc.getElementById(PAGE_CONTEXT_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return typeof parsed === 'object' && parsed !== null ? (parsed as PageContext) : {};
  } catch {
    return {};
  }
}
