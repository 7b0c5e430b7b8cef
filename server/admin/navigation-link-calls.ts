import { Router } from 'express';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { SiteRepository } from '../db/site-repository.ts';
import type { AppDeps } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseAdminInput } from './admin-validation.ts';
import { linkBody, linkParams, moveLinkBody, newLinkBody, removeLinkBody, shownLinkParams } from './navigation-link-input.ts';
import { withLinkAdded, withLinkChanged, withLinkMoved, withLinkRemoved, type LinkRefusal } from './navigation-links.ts';
import type { Navigation } from './page-navigation.ts';
import { navigationsView } from './page-view.ts';

export const ADMIN_NAVIGATION = '/api/admin/navigation';
const SITE_LAYOUT = 'siteLayout';

const NAVIGATION_NAMES: Record<Navigation, string> = { main: 'main navigation', footer: 'footer navigation' };

type Json = Record<string, unknown>;

/** 409 with the navigations as they stand, for the screen to show. */
function refused(refusal: LinkRefusal, siteLayout: Json, navigation: Navigation): HttpError {
  const message = refusal === 'page' ? ADMIN.server.linkIsPage : fillMessage(ADMIN.server.linkChanged, { navigation: NAVIGATION_NAMES[navigation] });
  return new HttpError(409, message, { navigations: navigationsView(siteLayout) });
}

/**
 * The Pages screen's calls for the navigations' links that are not a page's (Search, Instagram,
 * another site, an email): add one last, change its label and address, remove it, move it one
 * place up or down. A page's own link follows its page (page-calls.ts). Each answers both
 * navigations as they then stand; the shop shows them on its next request (the siteLayout
 * setting's triggers move the content version).
 */
export function createNavigationLinkCalls(deps: AppDeps): Router {
  const router = Router();
  const canManage = requireOwner(deps, 'store.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  /** Reads the layout locked, works out the change, writes it: one transaction. */
  async function changeLayout<T>(work: (siteLayout: Json) => { layout: Json | null; answer: (layout: Json) => T }): Promise<T> {
    return deps.store.transaction(async (tx) => {
      const site = new SiteRepository(tx);
      const siteLayout = await site.readSettingForUpdate(SITE_LAYOUT);
      const { layout, answer } = work(siteLayout);
      if (layout !== null) await site.writeSetting(SITE_LAYOUT, layout);
      return answer(layout ?? siteLayout);
    });
  }

  router.post(`${ADMIN_NAVIGATION}/:navigation/links`, canManage, ownerWrite, async (req, res) => {
    const { navigation } = parseAdminInput(linkParams, req.params);
    const words = parseAdminInput(newLinkBody, req.body);
    const answer = await changeLayout((siteLayout) => ({
      layout: withLinkAdded(siteLayout, navigation, words),
      answer: (layout) => ({
        navigations: navigationsView(layout),
        message: fillMessage(ADMIN.server.linkAdded, { link: words.title, navigation: NAVIGATION_NAMES[navigation] }),
      }),
    }));
    res.status(201).json(answer);
  });

  router.put(`${ADMIN_NAVIGATION}/:navigation/links/:index`, canManage, ownerWrite, async (req, res) => {
    const { navigation, index } = parseAdminInput(shownLinkParams, req.params);
    const { title, address, was } = parseAdminInput(linkBody, req.body);
    const answer = await changeLayout((siteLayout) => {
      const changed = withLinkChanged(siteLayout, navigation, { index, ...was }, { title, address });
      if (typeof changed === 'string') throw refused(changed, siteLayout, navigation);
      // the same words write nothing
      const same = was.title === title && was.url === address;
      return { layout: same ? null : changed, answer: (layout) => ({ navigations: navigationsView(layout), message: ADMIN.server.linkSaved }) };
    });
    res.json(answer);
  });

  router.delete(`${ADMIN_NAVIGATION}/:navigation/links/:index`, canManage, ownerWrite, async (req, res) => {
    const { navigation, index } = parseAdminInput(shownLinkParams, req.params);
    const { was } = parseAdminInput(removeLinkBody, req.body ?? {});
    const answer = await changeLayout((siteLayout) => {
      const removed = withLinkRemoved(siteLayout, navigation, { index, ...was });
      if (typeof removed === 'string') throw refused(removed, siteLayout, navigation);
      return {
        layout: removed,
        answer: (layout) => ({
          navigations: navigationsView(layout),
          message: fillMessage(ADMIN.server.linkRemoved, { link: was.title, navigation: NAVIGATION_NAMES[navigation] }),
        }),
      };
    });
    res.json(answer);
  });

  router.post(`${ADMIN_NAVIGATION}/:navigation/links/:index/move`, canManage, ownerWrite, async (req, res) => {
    const { navigation, index } = parseAdminInput(shownLinkParams, req.params);
    const { was, to } = parseAdminInput(moveLinkBody, req.body);
    // a move relative to the link's place as it stands, as a page's is
    const answer = await changeLayout((siteLayout) => {
      const moved = withLinkMoved(siteLayout, navigation, { index, ...was }, to);
      if (typeof moved === 'string') throw refused(moved, siteLayout, navigation);
      const names = { page: was.title, navigation: NAVIGATION_NAMES[navigation] };
      if (moved === null) {
        const message = fillMessage(to === 'up' ? ADMIN.server.pageFirstAlready : ADMIN.server.pageLastAlready, names);
        return { layout: null, answer: (layout) => ({ moved: false, message, navigations: navigationsView(layout) }) };
      }
      const message = fillMessage(ADMIN.server.pageMoved, { ...names, position: moved.position, total: moved.total });
      return { layout: moved.layout, answer: (layout) => ({ moved: true, message, navigations: navigationsView(layout) }) };
    });
    res.json(answer);
  });

  return router;
}
