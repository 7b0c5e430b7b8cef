/** What the Pages screen sends for a navigation's other links: a label and an address, and the link as it showed it. */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { isWebPageUrl } from '../security/safe-link-url.ts';
import { oneLineText } from './admin-validation.ts';
import { NAVIGATIONS } from './page-navigation.ts';

export const MAX_LINK_TITLE = 200;
/** The longest address browsers take, as the platform's store creation allows. */
export const MAX_LINK_ADDRESS = 2_083;

// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f]/;
/** A path of the shop (/search), never `//host`, which browsers read as another site. */
const SHOP_PATH = /^\/(?![/\\])/;
const EMAIL_LINK = /^mailto:[^@/?]+@[^@/?]+\.[^@/?.]+(?:\?.*)?$/i;

/**
 * Where a navigation link may lead: another site (http or https, with a host), an email
 * (`mailto:name@example.com`) or a path of the shop (`/search`). Nothing that runs script, no
 * spaces or controls, which browsers drop or read otherwise.
 */
export function isNavigationAddress(address: string): boolean {
  if (address === '' || SPACE_OR_CONTROL.test(address) || address.includes('\\')) return false;
  if (SHOP_PATH.test(address)) return true;
  if (EMAIL_LINK.test(address)) return true;
  return isWebPageUrl(address) && new URL(address).hostname !== '';
}

const linkTitle = oneLineText(MAX_LINK_TITLE).transform((value) => value.trim()).pipe(z.string().min(1, { error: ADMIN.server.required }));
const linkAddress = z.string().max(MAX_LINK_ADDRESS).transform((value) => value.trim())
  .refine(isNavigationAddress, { error: ADMIN.server.linkAddressNotValid });

export const linkParams = z.object({ navigation: z.enum(NAVIGATIONS) });
export const shownLinkParams = linkParams.extend({ index: z.coerce.number().int().min(0).max(10_000) });

/** The link as the screen showed it, so a change to a navigation changed meanwhile is refused. */
const was = z.object({ title: z.string().max(10_000), url: z.string().max(10_000) });

export const newLinkBody = z.object({ title: linkTitle, address: linkAddress });
export const linkBody = z.object({ title: linkTitle, address: linkAddress, was });
export const removeLinkBody = z.object({ was });
export const moveLinkBody = z.object({ was, to: z.enum(['up', 'down'], { error: ADMIN.server.pageMoveTo }) });
