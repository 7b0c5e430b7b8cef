import { Router } from 'express';
import { z } from 'zod';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { RESTOCK, SHOPPER_EMAILS } from '../../client/lib/messages.ts';
import { restockPayloadSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { RestockRepository, type GroupPosition, type SignUpPosition } from '../db/restock-repository.ts';
import { hasUnlimitedStock } from '../commerce/pricing.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { activeCaptcha } from '../security/captcha-switch.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseInput, parseShopperInput } from '../security/validation.ts';
import { PRODUCT_URL_PREFIX, storeRepositories } from './cart-session.ts';
import { confirmationNote, createMailingListSignUp } from './mailing-list-signup.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import type { OutboxEmail } from '../db/email-outbox-repository.ts';
import { canSendEmail } from '../email/mailer.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { storeLocale } from '../pages/base-context.ts';

export const RESTOCK_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** Opaque cursor: the last position of the previous page, base64url JSON. */
export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the 400 below
  }
  throw new HttpError(400, serverMessages.invalidCursor);
}

const groupPositionSchema: z.ZodType<GroupPosition> = z.object({ productId: z.string(), variantId: z.string() });
const signUpPositionSchema: z.ZodType<SignUpPosition> = z.object({ createdOn: z.number().int(), id: z.string() });

const limitSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(RESTOCK_PAGE_SIZE);
const groupsQuerySchema = z.object({ cursor: z.string().max(512).optional(), limit: limitSchema });
const signUpsQuerySchema = z.object({
  productId: z.string().min(1).max(64),
  variantId: z.string().min(1).max(64),
  cursor: z.string().max(512).optional(),
  limit: limitSchema,
});
const sendRequestSchema = z.object({ productId: z.string().min(1).max(64), variantId: z.string().min(1).max(64) });
const sendAllSchema = z.object({ sendRequests: z.array(sendRequestSchema).min(1).max(500) });

/** Splits a fetched page of limit + 1 rows into the page and whether more follow. */
function pageOf<T>(rows: T[], limit: number): { page: T[]; hasNextPage: boolean } {
  return { page: rows.slice(0, limit), hasNextPage: rows.length > limit };
}

/** Visitor sign-up for a sold-out variant, and the owner's listings and sends. */
export function createRestockRouter(deps: AppDeps): Router {
  const router = Router();
  const restock = new RestockRepository(deps.store);
  const mailingList = createMailingListSignUp(deps);
  const { catalogue, site } = storeRepositories(deps);
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  async function variantOf(productId: string, variantId: string) {
    const product = await catalogue.productById(productId);
    const variant = product?.variants.find((candidate) => candidate.id === variantId);
    if (!product || !variant) throw new HttpError(404, serverMessages.productNotFound);
    return { product, variant };
  }

  router.post(API_PATHS.restock, createRateLimiter(deps, 'restockSignUp'), async (req, res) => {
    const payload = parseShopperInput(restockPayloadSchema, req.body);
    const { product, variant } = await variantOf(payload.productId, payload.variantId);
    if (hasUnlimitedStock(product, variant) || variant.qtyInStock > 0) {
      throw new HttpError(400, serverMessages.restockVariantNotSoldOut);
    }
    // checked last: verifying uses the token up, so a sign-up refused for another reason keeps it
    const captcha = await activeCaptcha(deps, site);
    if (captcha) {
      const token = payload.captchaToken ?? payload.recaptchaEnterpriseV3Token ?? '';
      if (token === '' || !(await captcha.verify(token, 'product_waitlist'))) throw new HttpError(400, RESTOCK.completeCaptcha);
    }
    const queueConfirmation = payload.isJoinMailingList ? await mailingList.prepare() : null;
    const confirmation = await deps.store.transaction(async (tx) => {
      await new RestockRepository(tx).signUp({
        productId: product.id,
        variantId: variant.id,
        email: payload.siteVisitorEmail,
        joinMailingList: payload.isJoinMailingList,
        language: payload.language ?? null,
      });
      // the mailing list waits for the address's owner to confirm (double opt-in)
      const page = `${PRODUCT_URL_PREFIX}${product.urlId}`;
      return queueConfirmation ? (await queueConfirmation({ email: payload.siteVisitorEmail, source: 'restock', page }, tx)).email : null;
    });
    if (confirmation !== null) await checkoutServices(deps).mailer.deliver(deps.store, confirmation);
    const custom = (await site.storeSettings()).restockNotificationsSuccessText;
    res.json({
      message: typeof custom === 'string' && custom.trim() !== '' ? custom : RESTOCK.signedUp,
      ...(payload.isJoinMailingList ? { confirmation: confirmationNote(deps) } : {}),
    });
  });

  router.get(`${API_PATHS.restock}/groups`, requireOwner(deps, 'restock.read'), async (req, res) => {
    const query = parseInput(groupsQuerySchema, req.query);
    const after = decodeCursor(query.cursor, groupPositionSchema);
    const { page, hasNextPage } = pageOf(await restock.groups(after, query.limit + 1), query.limit);
    const last = page.at(-1);
    const products = await Promise.all(page.map(async (group) => catalogue.productById(group.productId)));
    res.json({
      signUpGroups: page.map((group, index) => {
        const product = products[index];
        const variant = product?.variants.find((candidate) => candidate.id === group.variantId);
        return {
          ...group,
          productName: product?.title ?? '',
          sku: variant?.sku ?? '',
          variantAttributes: variant?.attributes ?? {},
          qtyInStock: variant?.qtyInStock ?? 0,
        };
      }),
      hasNextPage,
      nextPageCursor: hasNextPage && last ? encodeCursor({ productId: last.productId, variantId: last.variantId }) : null,
    });
  });

  router.get(API_PATHS.restock, requireOwner(deps, 'restock.read'), async (req, res) => {
    const query = parseInput(signUpsQuerySchema, req.query);
    const after = decodeCursor(query.cursor, signUpPositionSchema);
    const rows = await restock.signUps(query.productId, query.variantId, after, query.limit + 1);
    const { page, hasNextPage } = pageOf(rows, query.limit);
    const last = page.at(-1);
    res.json({
      signUps: page.map((signUp) => ({
        id: signUp.id,
        productId: signUp.productId,
        variantId: signUp.variantId,
        siteVisitorEmail: signUp.email,
        isJoinMailingList: signUp.joinMailingList,
        language: signUp.language,
        createdOn: signUp.createdOn,
        notifiedOn: signUp.notifiedOn,
      })),
      hasNextPage,
      nextPageCursor: hasNextPage && last ? encodeCursor({ createdOn: last.createdOn, id: last.id }) : null,
    });
  });

  /**
   * Without a mail server the sends are refused and every request stays waiting, rather than being
   * marked notified with its notice kept in the outbox (which no shopper reads) or held pending to
   * go out whenever mail is set up. A notice says the variant is back now: held for days it could
   * reach the shopper after the stock sold out again, while the owner's list showed nobody
   * waiting. Refused, the owner sends once the store can, when the stock is known to be there.
   */
  function refuseWithoutMailServer(): void {
    if (!canSendEmail(deps.options.mail)) throw new HttpError(409, ADMIN.server.restockNeedsMailServer);
  }

  /**
   * Writes one notice per waiting sign-up into the email outbox and delivers them; returns how
   * many were written. Each sign-up is marked as its notice is written, so sends racing across
   * processes notify each visitor once. Without a mail server it refuses (409) before writing
   * anything: the bulk send checks every variant first, so its first call refuses the whole.
   */
  async function sendFor(productId: string, variantId: string): Promise<number> {
    const { product, variant } = await variantOf(productId, variantId);
    refuseWithoutMailServer();
    // a notice says the variant is back: while it is still sold out, nobody is told anything
    if (!hasUnlimitedStock(product, variant) && variant.qtyInStock <= 0) return 0;
    const baseUrl = String((await site.website()).baseUrl ?? '');
    const values = {
      productName: product.title,
      variant: Object.values(variant.attributes).join(' / ') || variant.sku,
      url: `${baseUrl}${PRODUCT_URL_PREFIX}${product.urlId}`,
    };
    // the notice is the shopper's: in the store's language, though the owner's call sends it
    const locale = storeLocale(await site.website());
    const subject = inStoreLanguage(locale, () => fillMessage(SHOPPER_EMAILS.restockSubject, values));
    const body = inStoreLanguage(locale, () => fillMessage(SHOPPER_EMAILS.restockBody, values));
    const notices: OutboxEmail[] = [];
    for (const signUp of await restock.pendingSignUps(product.id, variant.id)) {
      const notice = await restock.recordNotice(signUp, subject, body);
      if (notice !== null) notices.push(notice);
    }
    // delivered one after another, after the answer: a long waiting list need not hold the owner
    const { mailer } = checkoutServices(deps);
    deps.background.start(async () => {
      for (const notice of notices) await mailer.deliver(deps.store, notice);
    });
    return notices.length;
  }

  router.post(`${API_PATHS.restock}/send`, requireOwner(deps, 'restock.send'), ownerWrite, async (req, res) => {
    const request = parseInput(sendRequestSchema, req.body);
    const sent = await sendFor(request.productId, request.variantId);
    res.json({ sent, message: serverMessages.restockSent });
  });

  router.post(`${API_PATHS.restock}/send/all`, requireOwner(deps, 'restock.send'), ownerWrite, async (req, res) => {
    const { sendRequests } = parseInput(sendAllSchema, req.body);
    // every variant is checked first, so an unknown one refuses the whole request before anything is sent
    for (const request of sendRequests) await variantOf(request.productId, request.variantId);
    const results: Array<z.infer<typeof sendRequestSchema> & { sent: number }> = [];
    for (const request of sendRequests) results.push({ ...request, sent: await sendFor(request.productId, request.variantId) });
    res.json({ results, sent: results.reduce((sum, result) => sum + result.sent, 0), message: serverMessages.restockSent });
  });

  return router;
}
