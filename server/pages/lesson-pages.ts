import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.ts';
import type { ContentItemRecord } from '../db/content-repository.ts';
import { currentSiteUserId } from '../api/cart-session.ts';
import { serverMessages } from '../messages.ts';
import { safeLinkUrl } from '../security/safe-link-url.ts';
import { collectionContext } from './catalogue-pages.ts';
import { collectionDescriptionText } from './collection-description.ts';
import { filterList, listPageSize, listQueryOf, pageOfList, type ListedItem } from './collection-list.ts';
import { inItemOrder, itemOrderOf } from './collection-order.ts';
import { itemFacts } from './content-item-facts.ts';
import { memberSignInUrl } from './member-sign-in-pages.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';
import { recordTypeOf } from './record-type.ts';
import { requestContent } from './request-content.ts';

function lessonItem(item: ContentItemRecord, locked: boolean): Record<string, unknown> & ListedItem {
  return {
    id: item.id,
    collectionId: item.collectionId,
    ...recordTypeOf(item.recordType),
    title: item.title,
    urlId: item.urlId,
    fullUrl: `/lessons/${item.urlId}`,
    excerpt: item.excerpt,
    // A locked lesson's body never reaches the page or its JSON.
    body: locked ? '' : item.body,
    addedOn: item.createdOn,
    memberOnly: item.data.memberOnly === true,
    durationMinutes: item.data.durationMinutes ?? null,
    ...itemFacts(item.data),
  };
}

/** Lesson index, lesson pages, and the member-area access-denied page for members-only lessons. */
export function createLessonPages(deps: AppDeps, pages: PageRenderer, notFound: (req: Request, res: Response) => Promise<void>): Router {
  const router = Router();

  router.get('/lessons', async (req, res) => {
    const { site, content } = requestContent(deps, req);
    const collection = await site.collectionByUrlId('lessons');
    if (!collection) {
      await notFound(req, res);
      return;
    }
    const signedIn = currentSiteUserId(req) !== null;
    const context = collectionContext(collection);
    const conf = pages.collectionConf(context);
    // in the order the theme's .conf gives the collection, as its item pages' neighbours are
    const order = itemOrderOf(conf);
    const items = inItemOrder((await content.itemsInCollection(collection.id)).map((item) => lessonItem(item, true)), order, (item) => item.addedOn);
    // the platform's list queries: filters, then the page the offset names, of the theme's page size
    const query = listQueryOf(req.query);
    const timeZone = (await site.website()).timeZone;
    const filtered = filterList(items, query, typeof timeZone === 'string' ? timeZone : 'UTC');
    const page = pageOfList(filtered.items, query, listPageSize(collection.data.pageSize, conf), req.path, order);
    await pages.render(req, res, {
      template: 'lessons',
      pageType: PAGE_TYPE.COLLECTION,
      pageTitle: collection.title,
      seo: { description: collectionDescriptionText(collection.description) },
      context: {
        collection: context,
        items: page.items,
        ...filtered.context,
        ...(page.pagination !== null ? { pagination: page.pagination } : {}),
        member: signedIn,
      },
    });
  });

  router.get('/lessons/:urlId', async (req, res) => {
    const { site, content } = requestContent(deps, req);
    const collection = await site.collectionByUrlId('lessons');
    const item = collection ? await content.item(collection.id, req.params.urlId) : undefined;
    if (!collection || !item) {
      await notFound(req, res);
      return;
    }
    const locked = item.data.memberOnly === true && currentSiteUserId(req) === null;
    if (locked) {
      await pages.render(req, res, {
        template: 'access-denied',
        pageType: PAGE_TYPE.MEMBER_AREA_ACCESS_DENIED,
        pageTitle: serverMessages.accessDeniedTitle,
        status: 403,
        context: {
          collection: collectionContext(collection),
          item: lessonItem(item, true),
          memberArea: {
            id: collection.data.memberAreaId ?? null,
            joinUrl: typeof collection.data.joinUrl === 'string' ? safeLinkUrl(collection.data.joinUrl, '/') : '/',
            joinButtonText: collection.data.joinButtonText ?? '',
            // a member signs in and comes back to this lesson
            signInUrl: memberSignInUrl(`${req.baseUrl}${req.path}`),
          },
        },
      });
      return;
    }
    await pages.render(req, res, {
      template: 'lesson',
      pageType: PAGE_TYPE.CONTENT_ITEM,
      pageTitle: item.title,
      seo: { description: item.excerpt, type: 'article' },
      context: { collection: collectionContext(collection), item: lessonItem(item, false) },
    });
  });

  return router;
}
