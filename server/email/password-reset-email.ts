/**
 * The emails with a link to choose a password: the one asked for from the admin's sign-in (or
 * the members' sign-in), and the invitation of a new member of staff. The admin's link carries its
 * token after `#`, so the token never reaches a server's request log or another site's Referer:
 * the page reads it in the browser and sends it with the new password. A member's link opens a
 * page that works without scripts, so its token is in the query, which the request log leaves out
 * and pages never pass on (Referrer-Policy: no-referrer).
 */
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { EMAIL_WORDS, SHOPPER_EMAILS } from '../../client/lib/messages.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { emailSentence } from './email-sentences.ts';
import { loadEmailTemplates, renderEmail } from './order-email-parts.ts';

export const PASSWORD_RESET_EMAIL_KIND = 'password-reset';
export const STAFF_INVITATION_EMAIL_KIND = 'staff-invitation';


export interface PasswordResetEmailInput {
  siteUserId: string;
  email: string;
  siteTitle: string;
  /** The store's address (Settings → Shop web address): never the request's Host, which a visitor chooses. */
  baseUrl: string;
  token: string;
  minutes: number;
  /** The page the link opens, when not the admin's (a member's reset page); made from the same token. */
  resetUrl?: string;
  /** A member's email is written in the store's language (its locale); the admin's, without one, in English as the admin is. */
  locale?: string;
}

/** The link an email carries for `token`. */
export function passwordResetLink(baseUrl: string, token: string): string {
  const url = new URL(ADMIN_PATHS.resetPassword, baseUrl);
  url.hash = `token=${token}`;
  return url.href;
}

/** An email of `kind` to the account, its templates given the link and what else `context` says. */
function linkEmail(kind: string, subjectText: string, input: PasswordResetEmailInput | StaffInvitationInput, context: Record<string, unknown>): NewOutboxEmail {
  const templates = loadEmailTemplates(kind);
  const subject = fillMessage(subjectText, { siteTitle: input.siteTitle });
  const full = { ...context, subject, email: input.email, siteTitle: input.siteTitle, resetUrl: input.resetUrl ?? passwordResetLink(input.baseUrl, input.token) };
  const { html, text } = renderEmail(templates, full, `${kind} email`);
  return { kind, subjectId: input.siteUserId, recipient: input.email, subject, text, html };
}

export function passwordResetEmail(input: PasswordResetEmailInput): NewOutboxEmail {
  return inStoreLanguage(input.locale ?? 'en', () => {
    const said = { email: input.email, siteTitle: input.siteTitle, minutes: input.minutes };
    const words = {
      htmlLang: EMAIL_WORDS.htmlLang,
      passwordHeading: SHOPPER_EMAILS.passwordHeading,
      asked: emailSentence(SHOPPER_EMAILS.passwordAsked, said, ['email']),
      chooseHere: emailSentence(SHOPPER_EMAILS.passwordChooseText, said),
      passwordChooseLink: SHOPPER_EMAILS.passwordChooseLink,
      linkTerms: emailSentence(SHOPPER_EMAILS.passwordLinkTerms, said),
      passwordNotYou: SHOPPER_EMAILS.passwordNotYou,
    };
    return linkEmail(PASSWORD_RESET_EMAIL_KIND, SHOPPER_EMAILS.passwordResetSubject, input, { minutes: input.minutes, words });
  });
}

export interface StaffInvitationInput extends Omit<PasswordResetEmailInput, 'minutes'> {
  roleName: string;
  days: number;
}

/** A new member's welcome: their role, their sign-in email and the link to choose their first password. */
export function staffInvitationEmail(input: StaffInvitationInput): NewOutboxEmail {
  return linkEmail(STAFF_INVITATION_EMAIL_KIND, serverMessages.staffInvitationEmailSubject, input, {
    roleName: input.roleName,
    days: input.days,
    signInUrl: new URL(ADMIN_PATHS.signIn, input.baseUrl).href,
  });
}
