/**
 * Packing slips, for the parcels the shop sends: a printable page at /config/packing-slips with a
 * slip per order, each on a page of its own when printed (what to pack, with each line's
 * extra-field answers, such as a monogram's initials, and where it goes; no prices, the parcel's
 * paper being read by whoever opens it). One order's (`?order=ID`, from its screen), or the
 * orders the Orders list shows (its own query: status, search and days; `Paid` is the list of
 * what is still to send), cancelled and refunded ones left out, as are those with nothing left to
 * send by post (the page says how many), at most MAX_SLIPS at a time. Each line is listed at what
 * refunds of part of the order left to send (packing-slip-lines.ts); the shop's business address, when
 * Settings has one, is each slip's sender and return address. The page is the engine's: its words are in templates/packing-slips.html.tmpl, as an email's are.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Template } from '../../engine/index.ts';
import { loadShippedTemplate } from '../shipped-template.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ADMIN_BASE } from '../../client/lib/admin-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import type { AppDeps } from '../deps.ts';
import { shipToLines } from './ship-to-lines.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { AdminOrderRepository, type AdminOrderDetail } from '../db/admin-order-repository.ts';
import { OrderRefundRepository } from '../db/order-refund-repository.ts';
import { AdminSettingsRepository } from '../db/admin-settings-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { typesOfLines } from './order-line-types.ts';
import { printablePageRefusal } from './printable-page-refusal.ts';
import { storeLocale } from '../pages/base-context.ts';
import { platformMessages } from '../platform-messages.ts';
import { cspNonce } from '../security/content-security-policy.ts';
import { roleAllows } from '../security/owner-permissions.ts';
import { resolveSiteUser } from '../security/site-user.ts';
import { checkAdminInput, recordId } from './admin-validation.ts';
import { orderFilterFields, orderFilterOf } from './order-filter.ts';
import { slipLinesOf } from './packing-slip-lines.ts';
import { checkPeriod, storeTimeZone } from './order-period.ts';
import { businessAddressLines, businessAddressOf } from '../commerce/business-address.ts';
import { storeSettingsOf } from '../db/site-repository.ts';

export const PACKING_SLIPS_PATH = `${ADMIN_BASE}/packing-slips`;
/** The most slips one page prints: a day's parcels of a small shop many times over. */
export const MAX_SLIPS = 200;
/** Orders of the list read at a time to find those to pack, and at most in all (as the export). */
const SCAN_PAGE = 500;
const SCANNED_AT_MOST = 10_000;

const slipQuery = z.object({ order: recordId.optional(), ...orderFilterFields }).superRefine(checkPeriod);

let template: Template | undefined;
function slipsTemplate(): Template {
  template ??= loadShippedTemplate(new URL('./templates/packing-slips.html.tmpl', import.meta.url), 'packing-slips.html.tmpl');
  return template;
}

async function slipOf(session: StoreSession, order: AdminOrderDetail, types: Map<string, number>, locale: string, zone: string) {
  const refunded = await new OrderRefundRepository(session).refundedLines(order.id);
  const lines = slipLinesOf(
    order.lines,
    (line) => types.get(`${order.id}:${line.variantId}`) ?? PRODUCT_TYPE.PHYSICAL,
    refunded,
  );
  return {
    orderNumber: order.orderNumber === null ? order.id : CHECKOUT.orderNumber(Number(order.orderNumber)),
    placed: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }).format(order.createdOn),
    customerName: order.name ?? '',
    customerEmail: order.email ?? '',
    shipTo: shipToLines(order.shippingAddress, locale),
    shippingOption: order.shippingOption ?? '',
    ...lines,
    stopped: order.status === 'cancelled' || order.status === 'refunded' ? order.status : null,
  };
}

/** The ids of the orders a list query finds, newest first, cancelled and refunded left out; one more than MAX_SLIPS tells there are more. */
async function orderIdsOf(deps: AppDeps, query: z.output<typeof slipQuery>): Promise<string[]> {
  const { filter } = await orderFilterOf(deps, query);
  const orders = new AdminOrderRepository(deps.store);
  const ids: string[] = [];
  // the list's own rows (a slip reads its order whole afterwards), as many as the export would read at most
  for (let offset = 0; offset < SCANNED_AT_MOST && ids.length <= MAX_SLIPS; offset += SCAN_PAGE) {
    const page = await orders.list(SCAN_PAGE, offset, filter);
    for (const order of page) if (order.status === 'paid' || order.status === 'fulfilled') ids.push(order.id);
    if (page.length < SCAN_PAGE) break;
  }
  return ids;
}

/** A plain page for what stops the slips (signed out, a role without orders, a query that does not read). */
function refusal(res: Response, status: number, message: string): void {
  printablePageRefusal(res, status, 'Packing slips', message);
}

export function createPackingSlipPage(deps: AppDeps): Router {
  const router = Router();
  router.get(PACKING_SLIPS_PATH, async (req: Request, res: Response) => {
    const user = await resolveSiteUser(deps, req);
    if (!user) return refusal(res, 401, platformMessages.signInRequired);
    if (!roleAllows(user.contributorRole, 'orders.read')) return refusal(res, 403, platformMessages.permissionDenied);
    const checked = checkAdminInput(slipQuery, req.query);
    if (!checked.ok) return refusal(res, 400, Object.values(checked.fieldErrors)[0] ?? ADMIN.server.invalidInput);
    const query = checked.value;
    const settings = new AdminSettingsRepository(deps.store);
    const website = await settings.read('website');
    const locale = storeLocale(website);
    const zone = storeTimeZone(website);
    const ids = query.order !== undefined ? [query.order] : await orderIdsOf(deps, query);
    const orders = new AdminOrderRepository(deps.store, deps.log);
    const details = (await Promise.all(ids.slice(0, MAX_SLIPS).map((id) => orders.findById(id)))).filter((order) => order !== undefined);
    if (query.order !== undefined && details.length === 0) return refusal(res, 404, ADMIN.server.orderNotFound);
    const types = await typesOfLines(deps.store, details.map((order) => order.id));
    const slips = [];
    for (const order of details) slips.push(await slipOf(deps.store, order, types, locale, zone));
    // a list's orders with nothing left to send by post get no slip (a page of its own each when
    // printed); the one order asked for by its screen is shown whatever it holds
    const printed = query.order !== undefined ? slips : slips.filter((slip) => slip.packed.length > 0);
    const leftOut = slips.length - printed.length;
    const shopAddress = businessAddressLines(businessAddressOf(storeSettingsOf(await settings.read('websiteSettings'))), locale);
    const rendered = slipsTemplate().render({
      siteTitle: typeof website.siteTitle === 'string' ? website.siteTitle : '',
      // the shop's business address (Settings) on each slip, its sender and return address; none when not given
      slips: printed.map((slip) => ({ ...slip, shopAddress })),
      count: printed.length,
      one: printed.length === 1,
      leftOut: leftOut > 0 ? ADMIN.packingSlipsLeftOut(leftOut) : '',
      more: ids.length > MAX_SLIPS ? MAX_SLIPS : 0,
      single: query.order !== undefined,
      backTo: query.order !== undefined ? `${ADMIN_BASE}/orders/${encodeURIComponent(query.order)}` : `${ADMIN_BASE}/orders`,
      nonce: cspNonce(res),
    });
    if (rendered.errors.length > 0) throw new Error(`packing-slips.html.tmpl: ${rendered.errors[0]!.message}`);
    res.status(200).set('Cache-Control', 'no-store').type('html').send(rendered.html);
  });
  return router;
}
