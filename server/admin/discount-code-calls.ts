/**
 * Discount codes in the admin: the list (newest first, found by the code), one code with the
 * orders that used it, a code made or changed from the Discounts screen's form, stopped or started
 * again, and deleted while no order has used it, and the products and categories a code may be
 * limited to. Reading them is the orders' right (they explain the orders' totals), changing them
 * the right to manage the store. Each code is answered with where it stands now
 * (discountCodeState), its days in the store's time zone and the names of what it applies to.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { discountCodeState } from '../../client/lib/discount-code.ts';
import type { AppDeps } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { AdminDiscountCodeRepository, type AdminDiscountCode, type DiscountTargetChoices } from '../db/admin-discount-code-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { isUniqueViolation } from '../db/store.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { ownerText, pageQuery, parseAdminInput, recordId } from './admin-validation.ts';
import { discountCodeDays, discountCodeInputSchema, discountCodeWrite } from './discount-code-input.ts';
import { storeTimeZone } from './order-period.ts';

export const ADMIN_DISCOUNT_CODES = '/api/admin/discount-codes';
/** The products and categories the form offers to limit a code to. */
export const ADMIN_DISCOUNT_TARGETS = '/api/admin/discount-code-targets';

const listQuery = z.object({ q: ownerText(200).default(''), ...pageQuery });
const codeParams = z.object({ discountCodeId: recordId });
/** Stop and start take no fields; a body, if any, must be an empty object. */
const noFields = z.object({}).strict();

/** The products' titles the codes' names need: read only when one of them is limited to products. */
async function choicesFor(codes: readonly AdminDiscountCode[], repository: AdminDiscountCodeRepository): Promise<DiscountTargetChoices> {
  return codes.some((code) => code.appliesTo === 'products') ? repository.targetChoices() : { products: [], categories: [] };
}

/** The names of what a code applies to: its products' titles in the shop's order (deleted ones left out), or its categories; none for the whole order. */
function targetNamesOf(code: AdminDiscountCode, choices: DiscountTargetChoices): string[] {
  if (code.appliesTo === 'categories') return [...code.targets];
  if (code.appliesTo !== 'products') return [];
  return choices.products.filter((product) => code.targets.includes(product.id)).map((product) => product.title);
}

/** 409 under the code's field: another code is this one already. */
const codeTaken = (code: string) => new HttpError(409, fillMessage(ADMIN.server.discountCodeTaken, { code }), {
  fieldErrors: { code: fillMessage(ADMIN.server.discountCodeTaken, { code }) },
});

export function createDiscountCodeCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'orders.read');
  const canManage = requireOwner(deps, 'store.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');
  const zone = async () => storeTimeZone(await new SiteRepository(deps.store).website());

  /**
   * A code as the screens show it: with its state now, its first and last day in the store's zone
   * and `targetNames`, its products' titles (those since deleted left out) or its categories.
   */
  const shown = (code: AdminDiscountCode, timeZone: string, now: number, choices: DiscountTargetChoices) => ({
    ...code, ...discountCodeDays(code, timeZone), state: discountCodeState(code, now), targetNames: targetNamesOf(code, choices),
  });

  /** The code with the orders that used it. */
  async function codeAnswer(discountCodeId: string) {
    const codes = new AdminDiscountCodeRepository(deps.store);
    const code = await codes.findById(discountCodeId);
    if (!code) throw new HttpError(404, ADMIN.server.discountCodeNotFound);
    return { discountCode: { ...shown(code, await zone(), Date.now(), await choicesFor([code], codes)), uses: await codes.usesOf(discountCodeId) } };
  }

  /** The form checked and made into the store's record: the store's currency and time zone as they are now. */
  async function written(req: Request) {
    const input = parseAdminInput(discountCodeInputSchema, req.body);
    if (input.appliesTo === 'products') {
      // a product deleted while the form was open would never match: the owner ticks again
      const known = new Set((await new AdminDiscountCodeRepository(deps.store).targetChoices()).products.map((product) => product.id));
      if (!input.targets.every((id) => known.has(id))) {
        throw new HttpError(400, ADMIN.server.discountProductGone, { fieldErrors: { targets: ADMIN.server.discountProductGone } });
      }
    }
    const site = new SiteRepository(deps.store);
    return discountCodeWrite(input, await site.currency(), storeTimeZone(await site.website()));
  }

  router.get(ADMIN_DISCOUNT_CODES, canRead, async (req, res) => {
    const query = parseAdminInput(listQuery, req.query);
    const repository = new AdminDiscountCodeRepository(deps.store);
    const codes = await repository.list(query.limit + 1, query.offset, query.q);
    const [timeZone, now, choices] = [await zone(), Date.now(), await choicesFor(codes, repository)];
    res.json({ discountCodes: codes.slice(0, query.limit).map((code) => shown(code, timeZone, now, choices)), hasMore: codes.length > query.limit });
  });

  router.get(ADMIN_DISCOUNT_TARGETS, canRead, async (_req, res) => {
    res.json(await new AdminDiscountCodeRepository(deps.store).targetChoices());
  });

  router.get(`${ADMIN_DISCOUNT_CODES}/:discountCodeId`, canRead, async (req, res) => {
    res.json(await codeAnswer(parseAdminInput(codeParams, req.params).discountCodeId));
  });

  router.post(ADMIN_DISCOUNT_CODES, canManage, ownerWrite, async (req, res) => {
    const code = await written(req);
    const created = await new AdminDiscountCodeRepository(deps.store).create(code, Date.now());
    if (!created) throw codeTaken(code.code);
    res.status(201).json(await codeAnswer(created.id));
  });

  router.put(`${ADMIN_DISCOUNT_CODES}/:discountCodeId`, canManage, ownerWrite, async (req, res) => {
    const { discountCodeId } = parseAdminInput(codeParams, req.params);
    const code = await written(req);
    const codes = new AdminDiscountCodeRepository(deps.store);
    if (!(await codes.findById(discountCodeId))) throw new HttpError(404, ADMIN.server.discountCodeNotFound);
    if (await codes.isTaken(code.code, discountCodeId)) throw codeTaken(code.code);
    try {
      if (!(await codes.update(discountCodeId, code, Date.now()))) throw new HttpError(404, ADMIN.server.discountCodeNotFound);
    } catch (error) {
      // another member of staff saved the same code meanwhile
      if (isUniqueViolation(error)) throw codeTaken(code.code);
      throw error;
    }
    res.json(await codeAnswer(discountCodeId));
  });

  /** Stops the code or starts it again; refused when it is so already (another member of staff was first). */
  async function setStopped(req: Request, stopped: boolean) {
    const { discountCodeId } = parseAdminInput(codeParams, req.params);
    parseAdminInput(noFields, req.body ?? {});
    const codes = new AdminDiscountCodeRepository(deps.store);
    if (!(await codes.findById(discountCodeId))) throw new HttpError(404, ADMIN.server.discountCodeNotFound);
    if (!(await codes.setStopped(discountCodeId, stopped, Date.now()))) {
      throw new HttpError(409, stopped ? ADMIN.server.discountStoppedAlready : ADMIN.server.discountLiveAlready);
    }
    return codeAnswer(discountCodeId);
  }

  router.post(`${ADMIN_DISCOUNT_CODES}/:discountCodeId/stop`, canManage, ownerWrite, async (req, res) => {
    res.json(await setStopped(req, true));
  });

  router.post(`${ADMIN_DISCOUNT_CODES}/:discountCodeId/start`, canManage, ownerWrite, async (req, res) => {
    res.json(await setStopped(req, false));
  });

  // only a code no order used: a used one keeps its uses' history, and can be stopped instead
  router.delete(`${ADMIN_DISCOUNT_CODES}/:discountCodeId`, canManage, ownerWrite, async (req, res) => {
    const { discountCodeId } = parseAdminInput(codeParams, req.params);
    const codes = new AdminDiscountCodeRepository(deps.store);
    if (!(await codes.findById(discountCodeId))) throw new HttpError(404, ADMIN.server.discountCodeNotFound);
    if (!(await codes.deleteUnused(discountCodeId))) throw new HttpError(409, ADMIN.server.discountUsedNoDelete);
    res.json({ deleted: true });
  });

  return router;
}
