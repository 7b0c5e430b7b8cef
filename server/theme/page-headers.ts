import { escapeHtmlAttribute, escapeHtml } from '../../engine/plugins/core/html-escape.ts';
import { inlineSocialIconSprite } from './social-icon-sprite.ts';
import { platformScriptGlobals } from './platform-script-globals.ts';
import { visibleText } from '../db/visible-text.ts';

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
  /** The platform's globals a template's scripts read (platform-script-globals.ts); '' for a folder without scripts. */
  platformScript?: string;
}

/** `{squarespace-headers}`: the page's meta, canonical link, Open Graph, crumb, island scripts and stylesheet, and last the template's stylesheet. */
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
  lines.push(`<script type="application/json" id="storefront-page-context">${facts.pageClientContextJson}</script>`);
  if (facts.platformScript) lines.push(facts.platformScript);
  if (facts.assetTags) lines.push(facts.assetTags);
  // The template's stylesheet comes after the host's (which styles the islands), as the platform puts a
  // template's site.css after its own CSS: at equal specificity the author's rules win.
  if (facts.stylesheetUrl) lines.push(`<link rel="stylesheet" href="${escapeHtmlAttribute(facts.stylesheetUrl)}">`);
  return lines.join('\n');
}

/** `{squarespace-footers}`: what follows the page's own markup (the cart pill island, the social icons, development hooks). */
export function squarespaceFooters(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join('\n');
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export interface PageFacts {
  /** The request path, for the canonical URL. */
  path: string;
  /** The collection type name the folder renders the page as ('products' makes an Open Graph product). */
  typeName: string;
  crumb: string;
  stylesheetUrl: string | null;
  /** The values of the folder's stylesheet tweaks, for a folder whose pages load scripts of its own; null for none. */
  tweakValues?: Readonly<Record<string, string>> | null;
}

/** `{squarespace-headers}` of a page, its facts read from the platform-shaped page context. */
export function pageHeaders(context: Record<string, unknown>, facts: PageFacts): string {
  const website = asObject(context.website) ?? {};
  const item = asObject(context.item);
  const collection = asObject(context.collection);
  const baseUrl = typeof website.baseUrl === 'string' ? website.baseUrl.replace(/\/$/, '') : '';
  const image = typeof item?.assetUrl === 'string' && item.assetUrl !== '' ? item.assetUrl : null;
  return squarespaceHeaders({
    pageTitle: typeof context.pageTitle === 'string' ? context.pageTitle : String(item?.title ?? collection?.title ?? ''),
    siteTitle: typeof website.siteTitle === 'string' ? website.siteTitle : '',
    // the collection's description is HTML (the platform's shape): its words alone
    description: String(item?.excerpt || visibleText(String(collection?.description ?? '')) || website.siteTagLine || ''),
    canonicalUrl: `${baseUrl}${facts.path}`,
    ogType: item === undefined ? 'website' : facts.typeName === 'products' ? 'product' : 'article',
    ogImage: image === null ? null : /^https?:/.test(image) ? image : `${baseUrl}${image}`,
    stylesheetUrl: facts.stylesheetUrl,
    pageClientContextJson: typeof context.pageClientContextJson === 'string' ? context.pageClientContextJson : '{}',
    assetTags: typeof context.assetTags === 'string' ? context.assetTags : '',
    crumb: facts.crumb,
    platformScript: facts.tweakValues ? platformScriptGlobals(facts.tweakValues, typeof context.cspNonce === 'string' ? context.cspNonce : '') : '',
  });
}

/**
 * `{squarespace-footers}` of a page: the cart pill island, the hidden sprite of the site's social
 * icons (as the platform writes it), then any development hooks.
 */
export function pageFooters(context: Record<string, unknown>, extra: readonly string[] = []): string {
  const islands = asObject(context.islands) ?? {};
  const website = asObject(context.website) ?? {};
  return squarespaceFooters([typeof islands.cartPill === 'string' ? islands.cartPill : '', inlineSocialIconSprite(website.socialAccounts), ...extra]);
}
