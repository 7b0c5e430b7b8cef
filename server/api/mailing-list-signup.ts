import { NEWSLETTER, SHOPPER_EMAILS } from '../../client/lib/messages.ts';
import type { AppDeps } from '../deps.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import type { OutboxEmail } from '../db/email-outbox-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { MailingListRepository } from '../db/mailing-list-repository.ts';
import { canSendEmail } from '../email/mailer.ts';
import { ServerSecretRepository } from '../db/server-secret-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { createMailingListLinks, HELD_CONFIRMATION_SENDABLE_MS, type MailingListRequest } from '../security/mailing-list-link.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { storeLocale } from '../pages/base-context.ts';

/**
 * What a sign-up for the mailing list tells the shopper about the confirmation: to look for it,
 * or, on a store without a mail server (where it waits in the outbox), that none is on its way yet.
 */
export function confirmationNote(deps: AppDeps): string {
  return canSendEmail(deps.options.mail) ? NEWSLETTER.checkEmail : NEWSLETTER.confirmationNotSentYet;
}

/** Path of the confirmation link's page. */
export const MAILING_LIST_CONFIRM_PATH = '/mailing-list/confirm';

/** One confirmation message per address per day, however often a stranger's address is signed up. */
export const CONFIRMATION_RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

export type MailingListOutcome = 'already-member' | 'confirmation-sent' | 'confirmation-pending';

/** What a sign-up did, and the confirmation email it wrote, for the caller to deliver once its transaction commits. */
export interface MailingListSignUpResult {
  outcome: MailingListOutcome;
  email: OutboxEmail | null;
}

/**
 * Double opt-in: an address already on the list stays; a new one gets a confirmation email
 * with a signed link (through the email outbox) and joins only when that link is opened. On a
 * store without a mail server the confirmation waits in the outbox until it has one.
 */
export function createMailingListSignUp(deps: AppDeps) {
  const site = new SiteRepository(deps.store);
  // read on first use, not at start-up, so a read-only database still opens
  let links: ReturnType<typeof createMailingListLinks> | null = null;
  const signedLinks = async () =>
    (links ??= createMailingListLinks(await new ServerSecretRepository(deps.store).secret('mailing-list-confirmation')));

  /**
   * Reads what a confirmation needs (the link secret, the site) before any transaction: on SQLite
   * the store waits while a transaction is open. The returned function queues the confirmation in
   * the session it is given, so a caller's transaction (the restock sign-up) takes it in.
   */
  async function prepare(now = Date.now()) {
    const linkSigner = await signedLinks();
    const website = await site.website();
    const locale = storeLocale(website);
    return async (request: MailingListRequest, session: StoreSession = deps.store): Promise<MailingListSignUpResult> =>
      session.transaction(async (tx): Promise<MailingListSignUpResult> => {
        const list = new MailingListRepository(tx);
        if (await list.isMember(request.email)) return { outcome: 'already-member', email: null };
        const last = await list.lastConfirmationRequest(request.email);
        // one a day; and none while the last is still waiting for a mail server, so a shopper who
        // signed up each day gets one confirmation, not a pile, once the store can send
        const waiting = last?.status === 'pending' && now - last.createdOn < HELD_CONFIRMATION_SENDABLE_MS;
        if (last !== null && (now - last.createdOn < CONFIRMATION_RESEND_AFTER_MS || waiting)) return { outcome: 'confirmation-pending', email: null };
        const siteTitle = String(website.siteTitle ?? '');
        const url = `${String(website.baseUrl ?? '')}${MAILING_LIST_CONFIRM_PATH}?token=${linkSigner.tokenFor(request, now)}`;
        const email = await list.queueConfirmation({
          recipient: request.email,
          // in the store's language, as the page it was asked from
          subject: inStoreLanguage(locale, () => fillMessage(SHOPPER_EMAILS.mailingListSubject, { siteTitle })),
          body: inStoreLanguage(locale, () => fillMessage(SHOPPER_EMAILS.mailingListBody, { siteTitle, url })),
        }, now);
        return { outcome: 'confirmation-sent', email };
      });
  }

  return {
    prepare,

    /** Signs the address up in a transaction of its own and delivers its confirmation email after it. */
    async request(request: MailingListRequest, now = Date.now()): Promise<MailingListOutcome> {
      const { outcome, email } = await (await prepare(now))(request);
      if (email !== null) await checkoutServices(deps).mailer.deliver(deps.store, email);
      return outcome;
    },

    /** Joins the address of a valid link, and answers its sign-up; null for a forged, damaged or expired one. */
    async confirm(token: string, now = Date.now()): Promise<MailingListRequest | null> {
      const request = (await signedLinks()).open(token, now);
      if (!request) return null;
      await new MailingListRepository(deps.store).join(request.email, request.source, now);
      return request;
    },
  };
}
