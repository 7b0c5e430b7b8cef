import type { Request, Response } from 'express';
import { publicWebsiteSettings } from './public-website-settings.ts';
import { renderIsland } from '../../client/server-render.ts';
import type { AppDeps } from '../deps.ts';
import { serverMessages } from '../messages.ts';
import { cartView, currentSiteUserId, findCurrentCart } from '../api/cart-session.ts';
import type { MoneyFormat } from '../../client/lib/money.ts';
import { moneyFormatFor } from '../commerce/money-format.ts';
import { isSafeLinkUrl } from '../security/safe-link-url.ts';
import { scriptJson } from '../security/script-json.ts';
import { readResolvedSiteUserIfAny } from '../security/site-user.ts';
import { currencyOf, storeSettingsOf } from '../db/site-repository.ts';
import { businessAddressOf, locationWithBusinessAddress } from '../commerce/business-address.ts';
import { VersionedCache } from '../db/versioned-cache.ts';
import { requestContent, type RequestContent } from './request-content.ts';
import { activeCaptcha } from '../security/captcha-switch.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { CART, THEME_WORDS } from '../../client/lib/messages.ts';
import { currentLanguage } from '../../client/lib/language.ts';
import { localizedStringsNow } from '../theme/localized-strings.ts';
import { taxSettingsOf } from '../commerce/tax-settings.ts';

type Json = Record<string, unknown>;

export interface NavigationLink {
  title: string;
  url: string;
  external: boolean;
  active: boolean;
}

function navigation(layout: Json, identifier: string, path: string): NavigationLink[] {
  const entries = Array.isArray(layout.layout) ? (layout.layout as Json[]) : [];
  const entry = entries.find((candidate) => candidate.identifier === identifier);
  const links = Array.isArray(entry?.links) ? (entry.links as Json[]) : [];
  const shown: NavigationLink[] = [];
  for (const link of links) {
    const url = typeof link.url === 'string' ? link.url : typeof link.externalLink === 'string' ? link.externalLink : '/';
    // A stored javascript: (or data:) link would run script when followed: such a link is left out.
    if (!isSafeLinkUrl(url)) continue;
    shown.push({
      title: typeof link.title === 'string' ? link.title : '',
      url,
      external: typeof link.externalLink === 'string' && link.externalLink !== '',
      active: url === '/' ? path === '/' : path === url || path.startsWith(`${url}/`),
    });
  }
  return shown;
}

/** The store's locale (the website's language, en-US when unset): pages render and write money in it. */
export function storeLocale(website: Json): string {
  return typeof website.language === 'string' && website.language !== '' ? website.language : 'en-US';
}

/** How this store writes money: the engine's CLDR format for its currency and locale, for pages and islands alike. */
export async function storeMoneyFormat(site: Pick<RequestContent['site'], 'currency' | 'website'>): Promise<MoneyFormat> {
  return moneyFormatFor(await site.currency(), storeLocale(await site.website()));
}

/** The shopper locale (language_COUNTRY) the instalment provider is chosen by. */
export function shopperLocale(storeSettings: Json): string {
  const instalments = (storeSettings.instalments ?? {}) as Json;
  const language = typeof instalments.shopperLanguage === 'string' ? instalments.shopperLanguage : 'en';
  const country = typeof instalments.stripeAccountCountry === 'string' ? instalments.stripeAccountCountry : 'US';
  return `${language}_${country}`;
}

/** What a page's base context depends on besides the stored content. */
interface BaseInputs {
  pageType: number;
  path: string;
  signedIn: boolean;
  contributorRole: number | null;
  /** The visitor's cart summary; null when the visitor has no open cart (it reads as empty). */
  cart: CartSummary | null;
}

interface CartSummary {
  totalQuantity: number;
  subtotalCents: number;
  currency: string;
}

function cartSummary(view: CartSummary): CartSummary {
  return { totalQuantity: view.totalQuantity, subtotalCents: view.subtotalCents, currency: view.currency };
}

/** Base contexts kept per content version: a few hundred paths and cart states are plenty. */
const KEPT_BASE_CONTEXTS = 500;

/**
 * What every page's context holds: the site (no owner data, no secrets), the navigation, the
 * visitor's own cart summary and the cart pill island. Built from the stored content and the
 * few request facts in BaseInputs only, so it is kept (frozen, shared) per content version and
 * those facts: a page view rebuilds none of it.
 */
export function createBaseContext(deps: AppDeps): (req: Request, res: Response, pageType: number) => Promise<Json> {
  const kept = new VersionedCache<Json>(KEPT_BASE_CONTEXTS);
  return async (req, res, pageType) => {
    const content = requestContent(deps, req);
    const cart = await findCurrentCart(deps, req, res);
    const user = readResolvedSiteUserIfAny(req) ?? null;
    const view = cart ? await cartView(deps, cart, content) : null;
    // the whole cart, for the pages of a template folder whose templates read its entries
    // (`{shoppingCart|cart-quantity}`): kept with the request, not in the shared base context
    if (view !== null) res.locals.cartView = view;
    const inputs: BaseInputs = {
      pageType,
      path: req.path,
      signedIn: Boolean(currentSiteUserId(req)),
      contributorRole: user?.contributorRole ?? null,
      cart: view ? cartSummary(view) : null,
    };
    const key = JSON.stringify([inputs.pageType, inputs.path, inputs.signedIn, inputs.contributorRole, inputs.cart]);
    return kept.get(content.version, key, () => buildBaseContext(deps, content, inputs));
  };
}

function isStoreClosed(websiteSettings: Json): boolean {
  const store = websiteSettings.storeSettings as Json | undefined;
  return store?.storeClosed === true;
}

function hasSafeProfileUrl(account: unknown): boolean {
  const url = (account as Json | null)?.profileUrl;
  return typeof url !== 'string' || isSafeLinkUrl(url);
}

async function buildBaseContext(deps: AppDeps, content: RequestContent, inputs: BaseInputs): Promise<Json> {
  const { pageType, path } = inputs;
  const { site } = content;
  const [stored, websiteSettings, layout] = await Promise.all([site.website(), site.websiteSettings(), site.siteLayout()]);
  const website: Json = { ...stored };
  // Templates write an account's profileUrl as a link (sqs-social-links, and by hand): one that could
  // run script when followed is left out, as a navigation link is.
  if (Array.isArray(stored.socialAccounts)) website.socialAccounts = stored.socialAccounts.filter(hasSafeProfileUrl);
  // the owner's business address (Settings), where the platform gives templates the site's address
  const storeSettings = storeSettingsOf(websiteSettings);
  const location = locationWithBusinessAddress(stored.location, businessAddressOf(storeSettings));
  if (location !== undefined) website.location = location;
  // One money format: the price formatters write money through CLDR in the store's locale, as the islands do.
  website.useCLDRMoneyFormat = true;
  const moneyFormat = moneyFormatFor(currencyOf(websiteSettings), storeLocale(stored));
  const tax = taxSettingsOf(storeSettings);
  const captcha = await activeCaptcha(deps, site);
  if (captcha) website.captchaSettings = { siteKey: captcha.siteKey };
  const cart = inputs.cart ?? cartSummary(await cartView(deps, null, content));
  const suppressPill = pageType === 200 || pageType === 201;
  const flags = (websiteSettings.featureFlags ?? {}) as Json;
  const role = inputs.contributorRole;
  const pageClientContext = {
    pageType,
    websiteId: website.id,
    locale: typeof website.language === 'string' ? website.language : 'en-US',
    ...(role !== null ? { memberRoles: [role] } : {}),
    analyticsDisabled: flags.analyticsDisabled === true,
    cookiePolicy: websiteSettings.cookiePolicy === 'restrictive' ? 'restrictive' : 'permissive',
    performanceMetrics: flags.performanceMetrics !== false,
    // a developer template's commerce script writes a chosen variant's price as the price formatters do
    moneyFormat,
  };
  const language = currentLanguage();
  return {
    website,
    websiteSettings: publicWebsiteSettings(websiteSettings),
    // The words of the shipped theme and the platform's formatters, in the store's language; the
    // page's <html lang> says which (an English store's pages are as they were: 'en', the engine's
    // own English strings)
    themeWords: { ...THEME_WORDS },
    htmlLang: language === 'en' ? 'en' : storeLocale(stored),
    ...(language === 'en' ? {} : { localizedStrings: localizedStringsNow() }),
    pageType,
    requestPath: path,
    navigation: {
      main: navigation(layout, 'mainNav', path),
      footer: navigation(layout, 'footerNav', path),
    },
    authenticatedAccount: inputs.signedIn ? { signedIn: true } : null,
    // Set only while the owner has closed the store: the header tells shoppers before they try to buy.
    ...(isStoreClosed(websiteSettings) ? { storeClosedNotice: ADMIN.server.storeClosed } : {}),
    // Set only in a shop whose prices include the tax: the product page says so under the price,
    // with shipping for what is shipped, without for a download or a service (a gift card, which
    // is not taxed, says nothing)
    ...(tax.pricesIncludeTax ? { taxNote: CART.pricesIncludeTaxNote(tax.taxName), taxNoteUnshipped: CART.pricesIncludeTaxUnshippedNote(tax.taxName) } : {}),
    // What the page's scripts read about the page (tracking exemptions, locale), as one JSON element.
    pageClientContext,
    // The same, escaped for the page's <script type="application/json"> element.
    pageClientContextJson: scriptJson(pageClientContext),
    cart: {
      totalQuantity: cart.totalQuantity,
      subtotalCents: cart.subtotalCents,
      currency: cart.currency,
    },
    islands: {
      cartPill: renderIsland('CartPill', {
        currency: cart.currency,
        initialQuantity: cart.totalQuantity,
        initialSubtotalCents: cart.subtotalCents,
        suppressed: suppressPill,
        variant: 'pill',
        moneyFormat,
      }),
      // The header's cart link: the same island, shown on every page (the cart page too).
      cartLink: renderIsland('CartPill', {
        currency: cart.currency,
        initialQuantity: cart.totalQuantity,
        initialSubtotalCents: cart.subtotalCents,
        variant: 'link',
        moneyFormat,
      }),
      newsletter: renderIsland('Newsletter', {
        blockId: 'footer-newsletter',
        title: serverMessages.newsletterTitle,
        description: serverMessages.newsletterDescription,
        captchaEnabled: captcha !== undefined,
      }),
    },
  };
}
