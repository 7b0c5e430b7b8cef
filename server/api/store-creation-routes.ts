import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { createStoreRepository } from '../db/store-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { isSafeLinkUrl } from '../security/safe-link-url.ts';
import { parseInput } from '../security/validation.ts';
import { storeNaming } from './store-url-id.ts';

const PRODUCTS_COLLECTION_TYPE = 13;
/** Paths the storefront itself answers; a store may not take them as its url id. */
const RESERVED_URL_IDS = new Set(['api', 'cart', 'checkout', 'search', 'config', 'account', 'commerce', 'assets', 'static']);
/** Category names are at most 25 characters on the platform. */
const MAX_CATEGORY_NAME = 25;
const MAX_NAV_DEPTH = 3;
const MAX_NAV_ITEMS = 200;

/** Ids shaped like the platform's: 24 hex digits. */
function newId(): string {
  return randomBytes(12).toString('hex');
}

const productCollectionSchema = z.object({
  title: z.string().max(200).default(''),
  navigationTitle: z.string().max(200).optional(),
  urlId: z.string().max(200).optional(),
  description: z.string().max(10_000).default(''),
  enabled: z.literal(true, { error: 'enabled must be true' }).default(true),
  fallbackTitle: z.string().min(1).max(200).optional(),
});

const rootCategorySchema = z.object({
  displayName: z.string().trim().min(1, { error: 'displayName is required' }).max(MAX_CATEGORY_NAME),
  parentCategoryId: z.union([z.literal(''), z.null()]).optional(),
  type: z.literal('ROOT', { error: 'type must be ROOT' }),
  pageRendering: z.literal('LIST_VIEW', { error: 'pageRendering must be LIST_VIEW' }),
  displayIndex: z.literal(1, { error: 'displayIndex must be 1' }),
});

const websiteParams = z.object({ websiteId: z.string().min(1).max(64) });
const categoryParams = websiteParams.extend({ collectionId: z.string().min(1).max(64) });

interface NavigationItem {
  collectionId?: string | null;
  externalLink?: string | null;
  memberAreaId?: string | null;
  items?: NavigationItem[];
}

const navigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    collectionId: z.string().max(64).nullish(),
    externalLink: z.string().max(2083).refine(isSafeLinkUrl, { error: serverMessages.unsafeLink }).nullish(),
    memberAreaId: z.string().max(64).nullish(),
    items: z.array(navigationItemSchema).max(MAX_NAV_ITEMS).optional(),
  }),
);

const updateNavigationSchema = z.object({
  fieldName: z.string().max(128).optional(),
  templateId: z.string().max(128).optional(),
  navigation: z.object({ items: z.array(navigationItemSchema).max(MAX_NAV_ITEMS) }),
});

interface LayoutLink {
  collectionId: string | null;
  title?: string;
  url?: string;
  children: LayoutLink[];
  externalLink: string | null;
  memberAreaId: string | null;
}

function linkLabel(title: string, url: string, existing?: { title?: unknown; url?: unknown }): { title: string; url: string } {
  return {
    title: typeof existing?.title === 'string' ? existing.title : title,
    url: typeof existing?.url === 'string' ? existing.url : url,
  };
}

function depthOf(items: readonly NavigationItem[]): number {
  return items.length === 0 ? 0 : 1 + Math.max(...items.map((item) => depthOf(item.items ?? [])));
}

/** Store creation, the site layout and its main navigation. */
export function createStoreCreationRouter(deps: AppDeps): Router {
  const router = Router();
  const site = new SiteRepository(deps.store);
  const stores = createStoreRepository(deps.store);
  const canManageStore = requireOwner(deps, 'store.manage');
  const canRead = requireOwner(deps, 'settings.read');
  const canEditSite = requireOwner(deps, 'site.edit');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  const checkWebsite = async (websiteId: string): Promise<void> => {
    if (websiteId !== await site.websiteId()) throw new HttpError(404, platformMessages.websiteMismatch);
  };

  router.post('/api/content-service/product/1.1/websites/:websiteId/products', canManageStore, ownerWrite, async (req, res) => {
    const { websiteId } = parseInput(websiteParams, req.params);
    await checkWebsite(websiteId);
    const input = parseInput(productCollectionSchema, req.body);
    const naming = storeNaming(input.urlId?.trim() ? input.urlId : input.title, input.fallbackTitle ?? platformMessages.fallbackStoreTitle);
    // a usable title stays the title even when the url id came from an explicit urlId
    const title = input.title.trim().length >= 3 ? input.title.trim() : naming.title;
    const id = newId();
    const navigationTitle = input.navigationTitle?.trim() || title;
    const urlId = await stores.createStoreCollection(
      { id, baseUrlId: naming.urlId, title, description: input.description, navigationTitle, enabled: true },
      RESERVED_URL_IDS,
    );
    res.status(201).json({
      id, websiteId, urlId, title, navigationTitle, description: input.description, enabled: true,
      type: PRODUCTS_COLLECTION_TYPE, fullUrl: `/${urlId}`,
    });
  });

  router.post('/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories', canManageStore, ownerWrite, async (req, res) => {
    const { websiteId, collectionId } = parseInput(categoryParams, req.params);
    await checkWebsite(websiteId);
    const input = parseInput(rootCategorySchema, req.body);
    const collection = await site.collectionById(collectionId);
    if (!collection) throw new HttpError(404, platformMessages.collectionNotFound);
    if (collection.typeCode !== PRODUCTS_COLLECTION_TYPE) throw new HttpError(400, platformMessages.notAStoreCollection);
    const category = {
      id: newId(), collectionId, displayName: input.displayName, pageRendering: input.pageRendering,
      displayIndex: input.displayIndex, createdOn: Date.now(),
    };
    if (!(await stores.createRootCategory(category))) throw new HttpError(409, platformMessages.rootCategoryExists);
    res.status(201).json({
      id: category.id, collectionId, displayName: category.displayName, parentCategoryId: null,
      type: 'ROOT', pageRendering: category.pageRendering, displayIndex: category.displayIndex,
    });
  });

  router.get('/api/commondata/GetSiteLayout', canRead, async (req, res) => {
    const layout = await site.siteLayout();
    res.json({ layout: Array.isArray(layout.layout) ? layout.layout : [] });
  });

  router.post('/api/widget/UpdateNavigation', canEditSite, ownerWrite, async (req, res) => {
    const input = parseInput(updateNavigationSchema, req.body);
    if (depthOf(input.navigation.items) > MAX_NAV_DEPTH) {
      throw new HttpError(400, `navigation nests deeper than ${MAX_NAV_DEPTH} levels`);
    }
    // the layout is read and written in one transaction, its row locked, so concurrent edits queue
    const updated = await deps.store.transaction(async (tx) => {
      const layoutSite = new SiteRepository(tx);
      const stored = await layoutSite.readSettingForUpdate('siteLayout');
      const collections = new Map((await layoutSite.collections()).map((collection) => [collection.id, collection]));
      const layout = Array.isArray(stored.layout) ? (stored.layout as Record<string, unknown>[]) : [];
      const main = layout[0];
      if (!main || typeof main !== 'object') throw new HttpError(404, platformMessages.mainNavigationMissing);

      // keep the titles and urls the layout already gives a collection; derive them for new ones
      const known = new Map<string, { title?: unknown; url?: unknown }>();
      const remember = (links: unknown): void => {
        if (!Array.isArray(links)) return;
        for (const link of links as Record<string, unknown>[]) {
          if (typeof link?.collectionId === 'string') known.set(link.collectionId, { title: link.title, url: link.url });
          remember(link?.children);
        }
      };
      remember(main.links);

      const toLink = (item: NavigationItem): LayoutLink => {
        const collectionId = item.collectionId ?? null;
        const collection = collectionId ? collections.get(collectionId) : undefined;
        if (collectionId && !collection) {
          throw new HttpError(400, fillMessage(platformMessages.navigationCollectionMissing, { collectionId }));
        }
        return {
          collectionId,
          ...(collection ? linkLabel(collection.title, `/${collection.urlId}`, known.get(collection.id)) : {}),
          children: (item.items ?? []).map(toLink),
          externalLink: item.externalLink ?? null,
          memberAreaId: item.memberAreaId ?? null,
        };
      };
      const links = input.navigation.items.map(toLink);
      const layoutAfter = [{ ...main, links }, ...layout.slice(1)];
      await layoutSite.writeSetting('siteLayout', { ...stored, layout: layoutAfter });
      return layoutAfter;
    });
    res.json({ layout: updated });
  });

  return router;
}
