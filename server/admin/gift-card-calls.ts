/**
 * Gift cards in the admin: the list (newest first, found by the buying order's number, an email
 * or the code's last four), one card with the orders that spent it and its emails, its email sent
 * again to the recipient, and the card stopped or started again. Reading them is the orders'
 * right, changing them the right to manage orders; the code is answered whole only when asked for
 * on purpose, to that right (the `code` call), and never in a list or a card's answer.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { formattedGiftCardCode } from '../../client/lib/gift-card-code.ts';
import type { AppDeps } from '../deps.ts';
import { serverMessages } from '../messages.ts';
import { AdminGiftCardRepository } from '../db/admin-gift-card-repository.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { GIFT_CARD_EMAIL_KIND, giftCardEmailAgain } from '../email/gift-card-email.ts';
import { canSendEmail } from '../email/mailer.ts';
import { HttpError } from '../security/http-error.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { actorOf } from './admin-actor.ts';
import { ownerText, pageQuery, parseAdminInput, recordId } from './admin-validation.ts';

export const ADMIN_GIFT_CARDS = '/api/admin/gift-cards';

const listQuery = z.object({ q: ownerText(200).default(''), ...pageQuery });
const cardParams = z.object({ giftCardId: recordId });
/** How long after one of the card's emails another may be sent: a double tap, or a second member of staff, sends nothing more. */
export const EMAIL_AGAIN_AFTER_MS = 60_000;
/** The card's moves take no fields; a body, if any, must be an empty object. */
const noFields = z.object({}).strict();

/** The gift card emails of the order `orderId` to `recipient` (the card's), oldest first. */
async function recipientEmails(session: StoreSession, orderId: string, recipient: string) {
  return (await new EmailOutboxRepository(session).ofSubject(orderId))
    .filter((email) => email.kind === GIFT_CARD_EMAIL_KIND && email.recipient === recipient);
}

export function createGiftCardCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'orders.read');
  const canManage = requireOwner(deps, 'orders.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  /** The card's emails to its recipient under the order that bought it: how each went, never their text (it holds the code). */
  async function cardEmails(orderId: string, recipient: string) {
    return (await recipientEmails(deps.store, orderId, recipient))
      .map((email) => ({ id: email.id, recipient: email.recipient, status: email.status, error: email.error, createdOn: email.createdOn, sentOn: email.sentOn }));
  }

  /** The card as its screen shows it, with the orders that spent it and its emails. */
  async function cardAnswer(giftCardId: string) {
    const cards = new AdminGiftCardRepository(deps.store);
    const giftCard = await cards.findById(giftCardId);
    if (!giftCard) throw new HttpError(404, ADMIN.server.giftCardNotFound);
    return {
      giftCard: { ...giftCard, spending: await cards.spendingOf(giftCardId), emails: await cardEmails(giftCard.order.id, giftCard.recipientEmail) },
      // without a mail server the email cannot be sent again: the screen says so instead of offering it
      canSendEmail: canSendEmail(deps.options.mail),
    };
  }

  router.get(ADMIN_GIFT_CARDS, canRead, async (req, res) => {
    const query = parseAdminInput(listQuery, req.query);
    const cards = await new AdminGiftCardRepository(deps.store).list(query.limit + 1, query.offset, query.q);
    res.json({ giftCards: cards.slice(0, query.limit), hasMore: cards.length > query.limit });
  });

  router.get(`${ADMIN_GIFT_CARDS}/:giftCardId`, canRead, async (req, res) => {
    res.json(await cardAnswer(parseAdminInput(cardParams, req.params).giftCardId));
  });

  /** Stops the card or starts it again; refused when it is so already (another member of staff was first). */
  async function setStopped(req: Request, stopped: boolean) {
    const { giftCardId } = parseAdminInput(cardParams, req.params);
    parseAdminInput(noFields, req.body ?? {});
    const cards = new AdminGiftCardRepository(deps.store);
    if (!(await cards.findById(giftCardId))) throw new HttpError(404, ADMIN.server.giftCardNotFound);
    if (!(await cards.setStopped(giftCardId, stopped, Date.now()))) {
      throw new HttpError(409, stopped ? ADMIN.server.giftCardStoppedAlready : ADMIN.server.giftCardLiveAlready);
    }
    return cardAnswer(giftCardId);
  }

  router.post(`${ADMIN_GIFT_CARDS}/:giftCardId/stop`, canManage, ownerWrite, async (req, res) => {
    res.json(await setStopped(req, true));
  });

  router.post(`${ADMIN_GIFT_CARDS}/:giftCardId/start`, canManage, ownerWrite, async (req, res) => {
    res.json(await setStopped(req, false));
  });

  // The recipient's email again, through the outbox with the same template: refused while one is
  // waiting to go or went out within the minute, so a double tap (or two members of staff) sends it once.
  router.post(`${ADMIN_GIFT_CARDS}/:giftCardId/email`, canManage, ownerWrite, async (req, res) => {
    const { giftCardId } = parseAdminInput(cardParams, req.params);
    parseAdminInput(noFields, req.body ?? {});
    // 409 as for an order's email: the store's set-up, not the request, stands in the way
    if (!canSendEmail(deps.options.mail)) throw new HttpError(409, ADMIN.server.emailNeedsMailServer);
    const now = Date.now();
    const added = await deps.store.transaction(async (tx) => {
      // the card's row locked: of two requests at once, the second finds the first one's email pending
      const card = await new AdminGiftCardRepository(tx).findById(giftCardId, true);
      if (!card) throw new HttpError(404, ADMIN.server.giftCardNotFound);
      if (card.stoppedOn !== null) throw new HttpError(409, ADMIN.server.giftCardStoppedNoEmail);
      const earlier = await recipientEmails(tx, card.order.id, card.recipientEmail);
      if (earlier.some((email) => email.status === 'pending')) throw new HttpError(409, ADMIN.server.giftCardEmailWaiting);
      if (earlier.some((email) => email.createdOn > now - EMAIL_AGAIN_AFTER_MS)) throw new HttpError(409, ADMIN.server.giftCardEmailJustSent);
      const record = await new GiftCardRepository(tx).findById(giftCardId);
      return new EmailOutboxRepository(tx).add(await giftCardEmailAgain(tx, record!), now);
    });
    await checkoutServices(deps).mailer.deliver(deps.store, added);
    res.json(await cardAnswer(giftCardId));
  });

  // The whole code, for whoever manages orders to pass on by hand: a store without a mail server
  // (or whose email never arrived) otherwise sells a card nobody can ever spend. A POST, so it is
  // never cached or prefetched, and logged with who asked.
  router.post(`${ADMIN_GIFT_CARDS}/:giftCardId/code`, canManage, ownerWrite, async (req, res) => {
    const { giftCardId } = parseAdminInput(cardParams, req.params);
    parseAdminInput(noFields, req.body ?? {});
    const card = await new GiftCardRepository(deps.store).findById(giftCardId);
    if (!card) throw new HttpError(404, ADMIN.server.giftCardNotFound);
    deps.log.info({ giftCardId, by: await actorOf(deps, req) }, serverMessages.giftCardCodeShownLog);
    res.json({ code: formattedGiftCardCode(card.code) });
  });

  return router;
}
