import type { Request, Response } from 'express';
import { safeReturnPath } from '../security/return-path.ts';
import { crumbOf } from './form-crumb.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';

/**
 * What the members' account pages (sign-in, forgotten password, new password) share: each is a
 * plain form page kept out of search results, posting the visitor's crumb, and each carries the
 * page the member wanted, to return to once signed in.
 */

/** Where to go after signing in: the page asked for when it is one of this site's, else the home page. */
export function memberReturnPath(value: unknown): string {
  return safeReturnPath(value) ?? '/';
}

export interface MemberFormPage {
  template: string;
  title: string;
  status: number;
  /** The name the template reads its form under. */
  formName: string;
  /** Where the form posts: its own page's address, so a refused post can lead back to it. */
  action: string;
  /** The rest of the form's context (the page to return to among it). */
  fields: Record<string, unknown>;
}

export async function renderMemberFormPage(pages: PageRenderer, req: Request, res: Response, page: MemberFormPage): Promise<void> {
  await pages.render(req, res, {
    template: page.template,
    pageType: PAGE_TYPE.PAGE,
    pageTitle: page.title,
    status: page.status,
    seo: { noindex: true },
    context: { [page.formName]: { action: page.action, crumb: crumbOf(req), ...page.fields } },
  });
}
