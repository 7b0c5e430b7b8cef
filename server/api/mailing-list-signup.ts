import type { AppDeps } from '../deps.ts';
import { MailingListRepository } from '../db/mailing-list-repository.ts';
import { ServerSecretRepository } from '../db/server-secret-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { createMailingListLinks, type MailingListRequest } from '../security/mailing-list-link.ts';

/** Path of the confirmation link's page. */
export const MAILING_LIST_CONFIRM_PATH = '/mailing-list/confirm';

/** One confirmation message per address per day, however often a stranger's address is signed up. */
export const CONFIRMATION_RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

export type MailingListOutcome = 'already-member' | 'confirmation-sent' | 'confirmation-pending';

/**
 * Double opt-in: an address already on the list stays; a new one gets a confirmation message
 * with a signed link in the outbox and joins only when that link is opened.
 */
export function createMailingListSignUp(deps: AppDeps) {
  const list = new MailingListRepository(deps.db);
  const site = new SiteRepository(deps.store);
  const secrets = new ServerSecretRepository(deps.db);
  // read on first use, not at start-up, so a read-only database still opens
  let links: ReturnType<typeof createMailingListLinks> | null = null;
  const signedLinks = () => (links ??= createMailingListLinks(secrets.secret('mailing-list-confirmation')));

  return {
    /** The website settings a confirmation message is written from (read before the sign-up's transaction). */
    website: () => site.website(),

    /** `website` is what website() answered, read beforehand: this runs inside the caller's transaction. */
    request(request: MailingListRequest, website: Record<string, unknown>, now = Date.now()): MailingListOutcome {
      return deps.db.transaction((): MailingListOutcome => {
        if (list.isMember(request.email)) return 'already-member';
        const last = list.lastConfirmationRequestOn(request.email);
        if (last !== null && now - last < CONFIRMATION_RESEND_AFTER_MS) return 'confirmation-pending';
        const siteTitle = String(website.siteTitle ?? '');
        const url = `${String(website.baseUrl ?? '')}${MAILING_LIST_CONFIRM_PATH}?token=${signedLinks().tokenFor(request, now)}`;
        list.queueConfirmation({
          recipient: request.email,
          subject: fillMessage(serverMessages.mailingListConfirmationSubject, { siteTitle }),
          body: fillMessage(serverMessages.mailingListConfirmationBody, { siteTitle, url }),
        }, now);
        return 'confirmation-sent';
      })();
    },

    /** Joins the address of a valid link; false for a forged, damaged or expired one. */
    confirm(token: string, now = Date.now()): boolean {
      const request = signedLinks().open(token, now);
      if (!request) return false;
      list.join(request.email, request.source, now);
      return true;
    },
  };
}
