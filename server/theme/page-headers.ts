import { escapeHtmlAttribute, escapeHtml } from '../../engine/plugins/core/html-escape.ts';

export interface HeaderFacts {
  pageTitle: string;
  siteTitle: string;
  description: string;
  /** Absolute URL of the page as it should be indexed. */
  canonicalUrl: string;
  /** 'website', 'article' or 'product'. */
  ogType: string;
  ogImage: string | null;
  /** The folder's compiled stylesheet; null when it names none. */
  stylesheetUrl: string | null;
  /** The page's client context JSON, already escaped for a script element. */
  pageClientContextJson: string;
  /** The islands' stylesheet, module preloads and loader. */
  assetTags: string;
  /** The visitor's anti-forgery token, which the islands send back with every change. */
  crumb: string;
}

/** `{squarespace-headers}`: the page's meta, canonical link, Open Graph, crumb, stylesheet and island scripts. */
export function squarespaceHeaders(facts: HeaderFacts): string {
  const title = facts.pageTitle && facts.pageTitle !== facts.siteTitle ? `${facts.pageTitle} — ${facts.siteTitle}` : facts.siteTitle;
  const meta = (property: string, content: string): string => `<meta property="${property}" content="${escapeHtmlAttribute(content)}">`;
  const lines = [
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtmlAttribute(facts.canonicalUrl)}">`,
    meta('og:site_name', facts.siteTitle),
    meta('og:title', facts.pageTitle || facts.siteTitle),
    meta('og:url', facts.canonicalUrl),
    meta('og:type', facts.ogType),
  ];
  if (facts.description) lines.push(meta('og:description', facts.description), `<meta name="description" content="${escapeHtmlAttribute(facts.description)}">`);
  if (facts.ogImage) lines.push(meta('og:image', facts.ogImage));
  if (facts.crumb) lines.push(`<meta name="crumb" content="${escapeHtmlAttribute(facts.crumb)}">`);
  if (facts.stylesheetUrl) lines.push(`<link rel="stylesheet" href="${escapeHtmlAttribute(facts.stylesheetUrl)}">`);
  lines.push(`<script type="application/json" id="storefront-page-context">${facts.pageClientContextJson}</script>`);
  if (facts.assetTags) lines.push(facts.assetTags);
  return lines.join('\n');
}

/** `{squarespace-footers}`: what follows the page's own markup (the cart pill island, development hooks). */
export function squarespaceFooters(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join('\n');
}
