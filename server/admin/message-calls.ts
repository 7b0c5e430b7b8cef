import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { AdminMessagesRepository } from '../db/admin-messages-repository.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { MAILING_LIST_CONFIRMATION_KIND, MailingListRepository } from '../db/mailing-list-repository.ts';
import { canSendEmail } from '../email/mailer.ts';
import { PASSWORD_RESET_EMAIL_KIND, STAFF_INVITATION_EMAIL_KIND } from '../email/password-reset-email.ts';
import { HELD_CONFIRMATION_SENDABLE_MS } from '../security/mailing-list-link.ts';
import { HttpError } from '../security/http-error.ts';
import { serverMessages } from '../messages.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { roleAllows } from '../security/owner-permissions.ts';
import { signedInUser } from './admin-actor.ts';
import { ownerText, pageQuery, parseAdminInput, recordId } from './admin-validation.ts';
import { isoTime, sendCsv } from './csv.ts';
import { csvFormatOf } from './csv-format.ts';
import { answerText } from '../../client/lib/answer-text.ts';
import { storeTimeZone } from './order-period.ts';
import { storeLocale } from '../pages/base-context.ts';
import { SiteRepository } from '../db/site-repository.ts';

export const ADMIN_MESSAGES = '/api/admin/messages';
const EXPORTED = 50_000;
/**
 * Emails the owner sees nowhere else when they fail: order emails are flagged on their orders and
 * restock notices on the restock list.
 */
const UNSEEN_EMAIL_KINDS = [STAFF_INVITATION_EMAIL_KIND, PASSWORD_RESET_EMAIL_KIND, MAILING_LIST_CONFIRMATION_KIND];
/** How far back the count of those not sent looks: older ones are of no use to act on. */
const NOT_SENT_WITHIN_DAYS = 30;

const formParams = z.object({ formId: recordId });
const listQuery = z.object(pageQuery);
const subscriberQuery = z.object({ ...pageQuery, q: ownerText(200).optional() });

/** What customers sent, for reading and export: form submissions, subscribers, restock requests; and the account emails not sent. */
export function createMessageCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'messages.read');
  const messages = () => new AdminMessagesRepository(deps.store);
  // the exports write dates in the store's time zone, as the admin shows them, in its language's CSV format
  const exportSettings = async () => {
    const website = await new SiteRepository(deps.store).website();
    return { zone: storeTimeZone(website), format: csvFormatOf(storeLocale(website)) };
  };

  async function formOf(req: import('express').Request) {
    const { formId } = parseAdminInput(formParams, req.params);
    const form = (await messages().forms()).find((candidate) => candidate.id === formId);
    if (!form) throw new HttpError(404, ADMIN.server.formNotFound);
    return form;
  }

  router.get(`${ADMIN_MESSAGES}/forms`, canRead, async (_req, res) => {
    res.json({ forms: await messages().forms() });
  });

  // each list comes a page at a time (one more row read says whether there is a next page)
  router.get(`${ADMIN_MESSAGES}/forms/:formId`, canRead, async (req, res) => {
    const form = await formOf(req);
    const { limit, offset } = parseAdminInput(listQuery, req.query);
    const submissions = await messages().submissions(form.id, { limit: limit + 1, offset });
    res.json({ form, submissions: submissions.slice(0, limit), hasMore: submissions.length > limit });
  });

  router.get(`${ADMIN_MESSAGES}/forms/:formId/submissions.csv`, canRead, async (req, res) => {
    const form = await formOf(req);
    const submissions = await messages().submissions(form.id, { limit: EXPORTED });
    const { zone, format } = await exportSettings();
    sendCsv(res, `form-${form.id}.csv`, ['date', 'page', ...form.fields.map((field) => field.title)],
      submissions.map((submission) => [isoTime(submission.createdOn, zone), submission.pagePath, ...form.fields.map((field) => answerText(submission.values[field.id], field.type))]), format);
  });

  router.get(`${ADMIN_MESSAGES}/subscribers`, canRead, async (req, res) => {
    const { limit, offset, q } = parseAdminInput(subscriberQuery, req.query);
    const subscribers = await messages().subscribers({ limit: limit + 1, offset, search: q?.trim() || undefined });
    // without a mail server nobody can confirm: the screen says so, with how many are waiting
    const canSend = canSendEmail(deps.options.mail);
    const confirmationsWaiting = canSend ? 0 : await new MailingListRepository(deps.store).confirmationsWaiting(Date.now() - HELD_CONFIRMATION_SENDABLE_MS);
    res.json({ subscribers: subscribers.slice(0, limit), hasMore: subscribers.length > limit, canSendEmail: canSend, confirmationsWaiting });
  });

  router.get(`${ADMIN_MESSAGES}/subscribers.csv`, canRead, async (_req, res) => {
    const subscribers = await messages().subscribers({ limit: EXPORTED });
    const { zone, format } = await exportSettings();
    sendCsv(res, 'subscribers.csv', ['email', 'source', 'date'], subscribers.map((row) => [row.email, row.source, isoTime(row.createdOn, zone)]), format);
  });

  // failed (refused, or given up as too late) in the last days, by kind, so the owner can act on
  // them; staff invitations are counted only for those who manage the staff, who alone can act on them
  router.get(`${ADMIN_MESSAGES}/emails-not-sent`, canRead, async (req, res) => {
    const since = Date.now() - NOT_SENT_WITHIN_DAYS * 24 * 60 * 60 * 1000;
    const managesStaff = roleAllows(signedInUser(req).contributorRole, 'staff.manage');
    const kinds = managesStaff ? UNSEEN_EMAIL_KINDS : UNSEEN_EMAIL_KINDS.filter((kind) => kind !== STAFF_INVITATION_EMAIL_KIND);
    // one given up because a newer link replaced its own needs nothing done: the newer email counts
    const outbox = new EmailOutboxRepository(deps.store);
    const byKind = await outbox.failedByKind(kinds, since, { exceptErrors: [serverMessages.passwordLinkReplaced] });
    // and every email of any kind the mail server could not take for now, which the store tries
    // again by itself: a mail outage shows here, not only on each order's page
    res.json({ days: NOT_SENT_WITHIN_DAYS, byKind, waiting: await outbox.waitingToRetry() });
  });

  router.get(`${ADMIN_MESSAGES}/restock`, canRead, async (req, res) => {
    const { limit, offset } = parseAdminInput(listQuery, req.query);
    const groups = await messages().restockSummary({ limit: limit + 1, offset });
    // notify only once the variant is back: a notice for something still sold out helps nobody;
    // and only with a mail server (the send refuses without one), which the screen says
    // requests whose notice never reached them wait again: the screen says how many, so the owner
    // knows why they are back on the list
    res.json({
      groups: groups.slice(0, limit).map((group) => ({ ...group, notifiable: group.pendingCount > 0 && (group.unlimited || group.qtyInStock > 0) })),
      hasMore: groups.length > limit,
      canSendEmail: canSendEmail(deps.options.mail),
      undeliveredNotices: await messages().restockUndelivered(),
    });
  });

  router.get(`${ADMIN_MESSAGES}/restock.csv`, canRead, async (_req, res) => {
    const groups = await messages().restockGroups(EXPORTED);
    const { format } = await exportSettings();
    sendCsv(res, 'restock-requests.csv', ['product', 'sku', 'variant', 'in stock', 'email'],
      groups.flatMap((group) => group.emails.map((email) => [group.productTitle, group.sku, Object.values(group.attributes).join(' / '), group.unlimited ? 'unlimited' : group.qtyInStock, email])), format);
  });

  return router;
}
