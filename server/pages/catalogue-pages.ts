import { Router, type Request, type Response } from 'express';
import { renderIsland } from '../../client/server-render.ts';
import { escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
import { uploadCopyWidths } from '../admin/image-upload.ts';
import type { AppDeps } from '../deps.ts';
import type { ProductRecord } from '../db/catalogue-repository.ts';
import { SEARCH_MAX_LENGTH } from '../db/search-words.ts';
import { VersionedCache } from '../db/versioned-cache.ts';
import type { CollectionRecord } from '../db/site-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { shopperLocale, storeMoneyFormat } from './base-context.ts';
import { collectionDescriptionHtml, collectionDescriptionText } from './collection-description.ts';
import { CONTACT_PAGE_PATH, readContactPage } from './contact-page.ts';
import { galleryIslandOptions, productGalleryOptions, resolveGalleryOptions } from './gallery-options.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';
import { addToCartProps, merchandisingContext, productItem, productStructuredData } from './product-context.ts';
import { recordTypeOf } from './record-type.ts';
import { requestContent, type RequestContent } from './request-content.ts';
import { siteOrigin, type PageSeo } from './seo.ts';
import { browseShop, pageNumber, shopPageTitle, shopQuerySchema, shopUrl } from './shop-browsing.ts';
import { activeCaptcha } from '../security/captcha-switch.ts';

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function collectionContext(collection: CollectionRecord): Json {
  return {
    id: collection.id,
    urlId: collection.urlId,
    title: collection.title,
    typeCode: collection.typeCode,
    // HTML, as the platform gives it: the owner's text as escaped paragraphs with safe links
    description: collectionDescriptionHtml(collection.description),
    fullUrl: collection.urlId === 'home' ? '/' : `/${collection.urlId}`,
    ...collection.data,
  };
}

/**
 * How wide the product page lays out its photos (full width on a phone, its column up to 605 px
 * beside the details), as templates/collections/products.item writes for its plain picture: a
 * desktop then downloads the copy near 605 px, not one for 60% of the window.
 */
const PRODUCT_PHOTO_SIZES = '(max-width: 432px) 100vw, (max-width: 1120px) 60vw, 605px';

/** Reviews show when native or imported reviews are on and the kill switch is off. */
async function reviewsContext(site: RequestContent['site'], reviews: unknown): Promise<Json | null> {
  const settings = asObject((await site.storeSettings()).reviews);
  const flags = asObject((await site.websiteSettings()).featureFlags);
  const enabled = (settings.nativeReviewsEnabled === true || settings.importedReviewsEnabled === true)
    && flags.productReviewsKillSwitch !== true;
  if (!enabled) return null;
  const items = Array.isArray(reviews) ? reviews.map(asObject) : [];
  const ratings = items.map((review) => (typeof review.rating === 'number' ? review.rating : 0));
  const average = ratings.length > 0 ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : 0;
  return {
    enabled: true,
    count: items.length,
    averageRating: Math.round(average * 10) / 10,
    items: items.map((review) => ({ ...review, stars: '★'.repeat(Number(review.rating) || 0) })),
  };
}

/** Results a search page shows at once (a grid of 4, 3 or 2 across). */
export const SEARCH_PAGE_SIZE = 24;

/** The pages of a search's results, in the shop list's shape (`templates/collections/products.list`); null for one page. */
function searchPagination(query: string, page: number, pageCount: number): Record<string, unknown> | null {
  if (pageCount <= 1) return null;
  const urlOf = (to: number): string => {
    const params = new URLSearchParams({ q: query });
    if (to > 1) params.set('page', String(to));
    return `/search?${params.toString()}`;
  };
  return {
    pageSize: SEARCH_PAGE_SIZE,
    currentPage: page,
    totalPages: pageCount,
    nextPage: page < pageCount,
    nextPageUrl: page < pageCount ? urlOf(page + 1) : null,
    prevPage: page > 1,
    prevPageUrl: page > 1 ? urlOf(page - 1) : null,
  };
}

/** Home, shop, product detail, search, gallery and the contact page. */
export function createCataloguePages(deps: AppDeps, pages: PageRenderer, notFound: (req: Request, res: Response) => Promise<void>): Router {
  const router = Router();

  async function shopCollection({ site }: RequestContent): Promise<CollectionRecord> {
    const shop = await site.collectionByUrlId('shop');
    if (!shop) throw new Error('the seeded store has no shop collection');
    return shop;
  }

  /**
   * Cards of the collection's first `count` products, those the owner marked Featured first, each
   * group in the shop's order: only those shown are read, however large the shop.
   */
  async function productCards({ site, catalogue }: RequestContent, collectionId: string, count: number): Promise<Json[]> {
    const currency = await site.currency();
    const listing = await catalogue.listingOf(collectionId);
    const first = [...listing.filter((product) => product.featured), ...listing.filter((product) => !product.featured)].slice(0, count).map((product) => product.id);
    return (await catalogue.productsByIds(first)).map((product) => productItem(product, currency, null));
  }

  router.get('/', async (req, res) => {
    const content = requestContent(deps, req);
    const { site } = content;
    const home = await site.collectionByUrlId('home');
    if (!home) {
      await notFound(req, res);
      return;
    }
    const featured = await productCards(content, (await shopCollection(content)).id, 4);
    await pages.render(req, res, {
      template: 'home',
      pageType: PAGE_TYPE.PAGE,
      pageTitle: String((await site.website()).siteTitle ?? home.title),
      seo: { description: collectionDescriptionText(home.description) },
      context: {
        collection: collectionContext(home),
        items: featured,
      },
      // The sign-up is the footer's, as on every page: one per page.
      islands: ['Newsletter'],
    });
  });

  /**
   * The shop page's cards and merchandising, of the products it shows only: a shop of thousands
   * reads and builds a dozen per request, not every product's each time an order moves the
   * content version.
   */
  async function shopPageParts({ site }: RequestContent, shown: readonly ProductRecord[]) {
    const currency = await site.currency();
    const storeSettings = await site.storeSettings();
    const merchandising: Json = {};
    for (const product of shown) merchandising[product.id] = merchandisingContext(product, storeSettings);
    return { cards: shown.map((product) => productItem(product, currency, null)), merchandising };
  }

  router.get('/shop', async (req, res) => {
    const query = shopQuerySchema.safeParse(req.query);
    if (!query.success) {
      await pages.render(req, res, {
        template: 'error',
        pageType: PAGE_TYPE.ERROR,
        pageTitle: serverMessages.errorPageTitle,
        status: 400,
        context: { errorMessage: serverMessages.shopBrowseInvalid },
      });
      return;
    }
    const content = requestContent(deps, req);
    const shop = await shopCollection(content);
    const browse = browseShop(req.path, await content.catalogue.listingOf(shop.id), query.data);
    if (!browse.pageExists) {
      await notFound(req, res);
      return;
    }
    const { cards, merchandising } = await shopPageParts(content, await content.catalogue.productsByIds(browse.productIds));
    await pages.render(req, res, {
      template: 'shop',
      pageType: PAGE_TYPE.COLLECTION,
      pageTitle: shopPageTitle(shop.title, browse),
      seo: { description: collectionDescriptionText(shop.description) },
      context: {
        collection: collectionContext(shop),
        items: cards,
        productMerchandisingContext: merchandising,
        // The platform's names for the filters in force and the list's pages; as the visitor typed
        // them, so HTML-escaped here: templates write them as they are (collection-list.ts alike).
        categoryFilter: query.data.category === undefined ? null : escapeHtmlAttribute(query.data.category),
        tagFilter: query.data.tag === undefined ? null : escapeHtmlAttribute(query.data.tag),
        pagination: browse.pagination,
        shopBrowse: {
          ...browse.controls,
          matchCount: browse.matchCount,
          unknownFilterNotes: browse.unknownFilterNotes,
          allProducts: { label: serverMessages.shopSeeAllProducts, url: shopUrl(req.path, { sort: query.data.sort }) },
        },
      },
    });
  });

  /** A product page's own context: built from stored content only, so kept until the content changes. */
  async function productPageContext(stored: RequestContent, urlId: string): Promise<{ title: string; seo: PageSeo; context: Json } | undefined> {
    const { site, catalogue, content } = stored;
    const shop = await shopCollection(stored);
    const product = await catalogue.productByUrlId(shop.id, urlId);
    if (!product) return undefined;
    const currency = await site.currency();
    const form = product.additionalFieldsFormId ? await content.form(product.additionalFieldsFormId) : null;
    const storeSettings = await site.storeSettings();
    const website = await site.website();
    const item = productItem(product, currency, form);
    const successText = typeof storeSettings.restockNotificationsSuccessText === 'string' ? storeSettings.restockNotificationsSuccessText : '';
    // One photo is a gallery too, so it opens large in the lightbox as several do.
    const lonePhoto = product.images.length === 1;
    const gallery = product.images.length > 0
      ? renderIsland('Gallery', {
          id: `product-gallery-${product.id}`,
          images: product.images.map((image) => {
            const [width, height] = image.originalSize.split('x').map(Number);
            // a lone photo without alt text is named by the product, as the page always named it
            const alt = image.altText || (lonePhoto ? product.title : '');
            // only the resized copies there are: the island's srcset offers nothing else
            return { src: image.assetUrl, alt, width: width ?? 0, height: height ?? 0, copyWidths: uploadCopyWidths(image) };
          }),
          options: productGalleryOptions(),
          sizes: PRODUCT_PHOTO_SIZES,
          // turns to a picked variant's own image
          productId: product.id,
        })
      : '';
    return {
      title: product.title,
      seo: {
        description: product.excerpt,
        image: product.images[0]?.assetUrl,
        type: 'product',
        structuredData: productStructuredData(product, currency, siteOrigin(website)),
      },
      context: {
        collection: collectionContext(shop),
        item,
        productMerchandisingContext: { [product.id]: merchandisingContext(product, storeSettings) },
        reviews: await reviewsContext(site, product.data.reviews),
        islands: {
          addToCart: renderIsland('AddToCart', addToCartProps(product, {
            currency,
            form,
            storeSettings,
            restockSuccessText: successText,
            captchaEnabled: (await activeCaptcha(deps, site)) !== undefined,
            locale: shopperLocale(storeSettings),
            moneyFormat: await storeMoneyFormat(site),
          })),
          gallery,
        },
      },
    };
  }
  const productPages = new VersionedCache<Awaited<ReturnType<typeof productPageContext>>>(500);

  router.get('/shop/p/:urlId', async (req, res) => {
    const urlId = req.params.urlId;
    const content = requestContent(deps, req);
    const page = await productPages.get(content.version, urlId, () => productPageContext(content, urlId));
    if (!page) {
      await notFound(req, res);
      return;
    }
    await pages.render(req, res, {
      template: 'product',
      pageType: PAGE_TYPE.CONTENT_ITEM,
      pageTitle: page.title,
      seo: page.seo,
      context: page.context,
      islands: ['AddToCart', 'Gallery'],
    });
  });

  router.get('/search', async (req, res) => {
    const { site, catalogue } = requestContent(deps, req);
    // Shown back as typed, as long as search reads it (its words: searchWords in catalogue-repository.ts).
    const typed = typeof req.query.q === 'string' ? req.query.q.trim() : '';
    const raw = typed.slice(0, SEARCH_MAX_LENGTH);
    // a longer query (pasted, or from a link) is searched by its start: the page says so rather than cut it silently
    const cutNote = typed.length > SEARCH_MAX_LENGTH ? fillMessage(serverMessages.searchQueryCut, { max: SEARCH_MAX_LENGTH }) : null;
    const currency = await site.currency();
    let searched = raw;
    let total = raw === '' ? 0 : await catalogue.searchCount(raw);
    // a search that finds nothing forgives a typo: it shows what its words put right find, and says so
    let closeMatch: { query: string; note: string } | null = null;
    const corrected = total === 0 && raw !== '' ? await catalogue.closeMatch(raw) : undefined;
    if (corrected !== undefined) {
      const correctedTotal = await catalogue.searchCount(corrected);
      const results = fillMessage(correctedTotal === 1 ? serverMessages.searchResultOne : serverMessages.searchResultMany, { count: correctedTotal });
      if (correctedTotal > 0) {
        closeMatch = { query: corrected, note: fillMessage(serverMessages.searchCloseMatch, { query: raw, results, closeMatch: corrected }) };
        searched = corrected;
        total = correctedTotal;
      }
    }
    // every result is reachable, a page at a time (a grown shop's "oak" finds hundreds)
    const page = pageNumber(req.query.page) ?? 1;
    const pageCount = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
    if (page > pageCount) {
      await notFound(req, res);
      return;
    }
    const found = total === 0 ? [] : await catalogue.search(searched, { limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE });
    const items = found.map((product) => productItem(product, currency, null));
    await pages.render(req, res, {
      template: 'search',
      pageType: PAGE_TYPE.SEARCH,
      pageTitle: serverMessages.searchTitle,
      // Result lists are not pages of their own for search engines.
      seo: { noindex: true },
      context: {
        search: { query: raw, resultCount: total, searched: raw !== '', cutNote, closeMatch, pagination: searchPagination(typed, page, pageCount) },
        items,
      },
    });
  });

  router.get('/gallery', async (req, res) => {
    const { site, content } = requestContent(deps, req);
    const collection = await site.collectionByUrlId('gallery');
    if (!collection) {
      await notFound(req, res);
      return;
    }
    const options = resolveGalleryOptions(asObject(collection.data.galleryOptions));
    const images = (await content.itemsInCollection(collection.id)).map((item) => ({
      id: item.id,
      ...recordTypeOf(item.recordType),
      title: item.title,
      assetUrl: String(item.data.assetUrl ?? ''),
      originalSize: String(item.data.originalSize ?? ''),
      altText: String(item.data.altText ?? ''),
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    }));
    await pages.render(req, res, {
      template: 'gallery',
      pageType: PAGE_TYPE.COLLECTION,
      pageTitle: collection.title,
      seo: { description: collectionDescriptionText(collection.description), image: images[0]?.assetUrl },
      context: {
        // Its options move to the page's top level, so its type is said here (collection-type-gallery).
        collection: { ...collectionContext(collection), galleryOptions: undefined, typeName: 'gallery' },
        galleryOptions: options,
        items: images,
        islands: {
          gallery: renderIsland('Gallery', {
            id: `gallery-${collection.id}`,
            images: images.map((image) => {
              const [width, height] = image.originalSize.split('x').map(Number);
              return { src: image.assetUrl, alt: image.altText, width: width ?? 0, height: height ?? 0, title: image.title };
            }),
            options: galleryIslandOptions(options),
          }),
        },
      },
      islands: ['Gallery'],
    });
  });

  router.get(CONTACT_PAGE_PATH, async (req, res) => {
    const contact = await readContactPage(deps, req);
    if (!contact) {
      await notFound(req, res);
      return;
    }
    const { collection, form } = contact;
    await pages.render(req, res, {
      template: 'contact',
      pageType: PAGE_TYPE.PAGE,
      pageTitle: collection.title,
      seo: { description: collectionDescriptionText(collection.description) },
      context: {
        collection: collectionContext(collection),
        form,
        islands: {
          form: renderIsland('FormBlock', {
            form: form as unknown as Parameters<typeof renderIsland<'FormBlock'>>[1]['form'],
            submitText: typeof form.submitButtonText === 'string' ? form.submitButtonText : undefined,
            page: { pageTitle: collection.title, pageId: collection.id, contentSource: 'c', pagePath: req.path, pagePermissionTypeValue: 1 },
          }),
        },
      },
      islands: ['FormBlock'],
    });
  });

  return router;
}
