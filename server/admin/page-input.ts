/** What the Pages screen sends: a page's fields, its place in the navigations, a move. */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { oneLineText, ownerText, recordId } from './admin-validation.ts';
import { pageAddress, pageAddressFormat } from './page-address.ts';
import { NAVIGATIONS, PLACEMENTS } from './page-navigation.ts';

/** The most a page's text may hold: an Impressum, a privacy statement or terms run to a few pages. */
export const MAX_PAGE_TEXT = 50_000;
export const MAX_PAGE_TITLE = 200;
/** The home page's heading and introduction, one line each as the home page shows them. */
export const MAX_HERO_TITLE = 200;
export const MAX_HERO_TEXT = 1_000;
/** A store page's introduction (the shop's, the contact page's): a few paragraphs at most. */
export const MAX_PAGE_DESCRIPTION = 5_000;

/** A title: one line, something in it. */
const title = oneLineText(MAX_PAGE_TITLE).transform((value) => value.trim()).pipe(z.string().min(1, { error: ADMIN.server.required }));

export const pageParams = z.object({ pageId: recordId });

/** A new plain page. */
export const newPageBody = z.object({
  title,
  urlId: pageAddress,
  text: ownerText(MAX_PAGE_TEXT).default(''),
  navigation: z.enum(PLACEMENTS).default('none'),
});

/**
 * A save of a page: the fields its kind has (a plain page's address and text, the home page's
 * heading and introduction, another page's introduction) are read, others left out or ignored; `revisionWhenLoaded`, the page's
 * revision as read, makes a save over a newer version refused.
 */
export const pageBody = z.object({
  title,
  // a page's own address is kept even where the store's routes now answer it (see page-calls.ts)
  urlId: pageAddressFormat.optional(),
  text: ownerText(MAX_PAGE_TEXT).optional(),
  heroTitle: oneLineText(MAX_HERO_TITLE).optional(),
  heroText: oneLineText(MAX_HERO_TEXT).optional(),
  description: ownerText(MAX_PAGE_DESCRIPTION).optional(),
  navigation: z.enum(PLACEMENTS),
  revisionWhenLoaded: z.number().int().min(0).optional(),
});

export const moveBody = z.object({
  navigation: z.enum(NAVIGATIONS),
  to: z.enum(['up', 'down'], { error: ADMIN.server.pageMoveTo }),
});

export const deleteBody = z.object({ revisionWhenLoaded: z.number().int().min(0).optional() }).default({});

export type NewPageInput = z.output<typeof newPageBody>;
export type PageInput = z.output<typeof pageBody>;
