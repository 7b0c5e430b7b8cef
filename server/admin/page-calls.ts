import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminPageRepository, type AdminPage } from '../db/admin-page-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { isUniqueViolation, type StoreSession } from '../db/store.ts';
import type { AppDeps } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { PAGE_TEXT_KEY } from '../pages/plain-page.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { fieldError, parseAdminInput } from './admin-validation.ts';
import { RESERVED_PAGE_ADDRESSES } from './page-address.ts';
import { deleteBody, moveBody, newPageBody, pageBody, pageParams, type PageInput } from './page-input.ts';
import { movePage, placePage, withoutPage, type Navigation } from './page-navigation.ts';
import { isDeletable, navigationsView, pageAddressPath, pageKind, pageView } from './page-view.ts';

export const ADMIN_PAGES = '/api/admin/pages';
const SITE_LAYOUT = 'siteLayout';

const NAVIGATION_NAMES: Record<Navigation, string> = { main: 'main navigation', footer: 'footer navigation' };

/** 409: the page was saved (in another tab, by someone else) since the screen loaded it. */
function pageChanged(page: AdminPage, message: string = ADMIN.server.pageChanged): HttpError {
  return new HttpError(409, message, { currentRevision: page.revision });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The page's data after a save: its kind's fields from the input, the rest (a form, a gallery's options) kept. */
function savedData(page: AdminPage, input: PageInput): Record<string, unknown> {
  const data = { ...page.data };
  const kind = pageKind(page);
  if (kind === 'plain' && input.text !== undefined) {
    // kept as typed, without the blank lines around it: an emptied page shows its title alone
    const text = input.text.trim();
    if (text === '') delete data[PAGE_TEXT_KEY];
    else data[PAGE_TEXT_KEY] = text;
  }
  if (kind === 'home') {
    if (input.heroTitle !== undefined) data.heroTitle = input.heroTitle.trim();
    if (input.heroText !== undefined) data.heroText = input.heroText.trim();
  }
  return data;
}

const memberAreaOf = (page: AdminPage) => (typeof page.data.memberAreaId === 'string' ? page.data.memberAreaId : null);

/** A write that another page took the address of meanwhile (its unique index): told under the field. */
async function underAddressRule<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('urlId', ADMIN.server.pageAddressTaken);
    throw error;
  }
}

/** The page and both navigations as the screen shows them after a write. */
async function answerOf(session: StoreSession, pageId: string) {
  const siteLayout = await new SiteRepository(session).readSettingForUpdate(SITE_LAYOUT);
  const page = await new AdminPageRepository(session).byId(pageId);
  return { page: page ? pageView(page, siteLayout) : null, navigations: navigationsView(siteLayout) };
}

/**
 * The Pages screen's calls: the site's collections by title and address, a plain page's title,
 * address and text (paragraphs and `[words](address)` links, server/pages/plain-page.ts), the home
 * page's heading and introduction, the other pages' introductions (their descriptions, by the same rule), each page's place in the main and footer navigations (the
 * siteLayout setting), new plain pages and their deletion. A page's revision (migration 167) refuses
 * a save or a delete made against an older version, as the settings' does.
 */
export function createPageCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'settings.read');
  const canManage = requireOwner(deps, 'store.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.get(ADMIN_PAGES, canRead, async (_req, res) => {
    const [siteLayout, pages] = await Promise.all([new SiteRepository(deps.store).siteLayout(), new AdminPageRepository(deps.store).list()]);
    res.json({ pages: pages.map((page) => pageView(page, siteLayout)), navigations: navigationsView(siteLayout) });
  });

  router.post(ADMIN_PAGES, canManage, ownerWrite, async (req, res) => {
    const input = parseAdminInput(newPageBody, req.body);
    const id = randomBytes(12).toString('hex');
    const text = input.text.trim();
    const answer = await underAddressRule(() => deps.store.transaction(async (tx) => {
      const pages = new AdminPageRepository(tx);
      const site = new SiteRepository(tx);
      const siteLayout = await site.readSettingForUpdate(SITE_LAYOUT);
      if (await pages.addressTaken(input.urlId, null)) throw fieldError('urlId', ADMIN.server.pageAddressTaken);
      await pages.insert(id, { urlId: input.urlId, title: input.title, description: '', data: text === '' ? {} : { [PAGE_TEXT_KEY]: text } });
      const placed = placePage(siteLayout, { id, title: input.title, url: `/${input.urlId}`, memberAreaId: null }, input.navigation);
      if (!sameJson(placed, siteLayout)) await site.writeSetting(SITE_LAYOUT, placed);
      return answerOf(tx, id);
    }));
    res.status(201).json({ ...answer, message: fillMessage(ADMIN.server.pageAdded, { page: input.title, address: `/${input.urlId}` }) });
  });

  router.put(`${ADMIN_PAGES}/:pageId`, canManage, ownerWrite, async (req, res) => {
    const { pageId } = parseAdminInput(pageParams, req.params);
    const input = parseAdminInput(pageBody, req.body);
    const answer = await underAddressRule(() => deps.store.transaction(async (tx) => {
      const pages = new AdminPageRepository(tx);
      const site = new SiteRepository(tx);
      const page = await pages.byIdForUpdate(pageId);
      if (!page) throw new HttpError(404, ADMIN.server.pageNotFound);
      if (input.revisionWhenLoaded !== undefined && input.revisionWhenLoaded !== page.revision) throw pageChanged(page);
      // only a plain page moves: the others are served at addresses of the store's own routes
      const urlId = pageKind(page) === 'plain' && input.urlId !== undefined ? input.urlId : page.urlId;
      // an address it has is kept as it is; a new one is never one of the store's own
      if (urlId !== page.urlId && RESERVED_PAGE_ADDRESSES.has(urlId)) throw fieldError('urlId', ADMIN.server.pageAddressReserved);
      if (urlId !== page.urlId && await pages.addressTaken(urlId, page.id)) throw fieldError('urlId', ADMIN.server.pageAddressTaken);
      const data = savedData(page, input);
      // a store page's introduction (its collection's description), kept as typed without the blank lines around it
      const description = pageKind(page) === 'store' && input.description !== undefined ? input.description.trim() : page.description;
      const siteLayout = await site.readSettingForUpdate(SITE_LAYOUT);
      const placed = placePage(siteLayout, { id: page.id, title: input.title, url: pageAddressPath({ ...page, urlId }), memberAreaId: memberAreaOf(page) }, input.navigation);
      const pageChangedNow = urlId !== page.urlId || input.title !== page.title || description !== page.description || !sameJson(data, page.data);
      const layoutChanged = !sameJson(placed, siteLayout);
      // a save that changes nothing writes nothing, so it refuses no other open screen
      if (pageChangedNow) await pages.update(page.id, { urlId, title: input.title, description, data });
      else if (layoutChanged) await pages.touch(page.id);
      if (layoutChanged) await site.writeSetting(SITE_LAYOUT, placed);
      return answerOf(tx, page.id);
    }));
    res.json({ ...answer, message: ADMIN.server.pageSaved });
  });

  router.post(`${ADMIN_PAGES}/:pageId/move`, canManage, ownerWrite, async (req, res) => {
    const { pageId } = parseAdminInput(pageParams, req.params);
    const { navigation, to } = parseAdminInput(moveBody, req.body);
    // a move relative to the link's place as it stands, so two people moving at once each move theirs one place
    const answer = await deps.store.transaction(async (tx) => {
      const site = new SiteRepository(tx);
      const page = await new AdminPageRepository(tx).byIdForUpdate(pageId);
      if (!page) throw new HttpError(404, ADMIN.server.pageNotFound);
      const siteLayout = await site.readSettingForUpdate(SITE_LAYOUT);
      const names = { page: page.title, navigation: NAVIGATION_NAMES[navigation] };
      const moved = movePage(siteLayout, navigation, page.id, to);
      if (moved === null) {
        const placed = navigationsView(siteLayout)[navigation].some((link) => link.pageId === page.id);
        if (!placed) throw new HttpError(409, fillMessage(ADMIN.server.pageNotInNavigation, names));
        const message = fillMessage(to === 'up' ? ADMIN.server.pageFirstAlready : ADMIN.server.pageLastAlready, names);
        return { moved: false, message, navigations: navigationsView(siteLayout) };
      }
      await site.writeSetting(SITE_LAYOUT, moved.layout);
      const message = fillMessage(ADMIN.server.pageMoved, { ...names, position: moved.position, total: moved.total });
      return { moved: true, message, navigations: navigationsView(moved.layout) };
    });
    res.json(answer);
  });

  router.delete(`${ADMIN_PAGES}/:pageId`, canManage, ownerWrite, async (req, res) => {
    const { pageId } = parseAdminInput(pageParams, req.params);
    const { revisionWhenLoaded } = parseAdminInput(deleteBody, req.body ?? {});
    const answer = await deps.store.transaction(async (tx) => {
      const pages = new AdminPageRepository(tx);
      const site = new SiteRepository(tx);
      const page = await pages.byIdForUpdate(pageId);
      if (!page) throw new HttpError(404, ADMIN.server.pageNotFound);
      if (!isDeletable(page)) throw new HttpError(409, ADMIN.server.pageNotDeletable);
      if (revisionWhenLoaded !== undefined && revisionWhenLoaded !== page.revision) throw pageChanged(page, ADMIN.server.pageChangedNoDelete);
      const siteLayout = await site.readSettingForUpdate(SITE_LAYOUT);
      const without = withoutPage(siteLayout, page.id);
      if (!sameJson(without, siteLayout)) await site.writeSetting(SITE_LAYOUT, without);
      await pages.delete(page.id);
      return { deleted: true, message: fillMessage(ADMIN.server.pageDeleted, { page: page.title }), navigations: navigationsView(without) };
    });
    res.json(answer);
  });

  return router;
}
