/**
 * The emails with a link to choose a password: the one asked for from the admin's sign-in, and
 * the invitation of a new member of staff. The link carries its token after `#`, so the token
 * never reaches a server's request log or another site's Referer: the page reads it in the
 * browser and sends it with the new password.
 */
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { loadEmailTemplates, renderEmail, type EmailTemplates } from './order-email-parts.ts';

export const PASSWORD_RESET_EMAIL_KIND = 'password-reset';
export const STAFF_INVITATION_EMAIL_KIND = 'staff-invitation';


/** The admin's sign-in. */
const ADMIN_SIGN_IN_PATH = '/config';

export interface PasswordResetEmailInput {
  siteUserId: string;
  email: string;
  siteTitle: string;
  /** The store's address (Settings → Store address): never the request's Host, which a visitor chooses. */
  baseUrl: string;
  token: string;
  minutes: number;
}

let resetTemplates: EmailTemplates | undefined;
let invitationTemplates: EmailTemplates | undefined;

/** The link an email carries for `token`. */
export function passwordResetLink(baseUrl: string, token: string): string {
  const url = new URL(PAGE_PATHS.resetPassword, baseUrl);
  url.hash = `token=${token}`;
  return url.href;
}

export function passwordResetEmail(input: PasswordResetEmailInput): NewOutboxEmail {
  resetTemplates ??= loadEmailTemplates(PASSWORD_RESET_EMAIL_KIND);
  const subject = fillMessage(serverMessages.passwordResetEmailSubject, { siteTitle: input.siteTitle });
  const context = {
    subject,
    email: input.email,
    siteTitle: input.siteTitle,
    minutes: input.minutes,
    resetUrl: passwordResetLink(input.baseUrl, input.token),
  };
  const { html, text } = renderEmail(resetTemplates, context, `${PASSWORD_RESET_EMAIL_KIND} email`);
  return { kind: PASSWORD_RESET_EMAIL_KIND, subjectId: input.siteUserId, recipient: input.email, subject, text, html };
}

export interface StaffInvitationInput extends Omit<PasswordResetEmailInput, 'minutes'> {
  roleName: string;
  days: number;
}

/** A new member's welcome: their role, their sign-in email and the link to choose their first password. */
export function staffInvitationEmail(input: StaffInvitationInput): NewOutboxEmail {
  invitationTemplates ??= loadEmailTemplates(STAFF_INVITATION_EMAIL_KIND);
  const subject = fillMessage(serverMessages.staffInvitationEmailSubject, { siteTitle: input.siteTitle });
  const context = {
    subject,
    email: input.email,
    siteTitle: input.siteTitle,
    roleName: input.roleName,
    days: input.days,
    resetUrl: passwordResetLink(input.baseUrl, input.token),
    signInUrl: new URL(ADMIN_SIGN_IN_PATH, input.baseUrl).href,
  };
  const { html, text } = renderEmail(invitationTemplates, context, `${STAFF_INVITATION_EMAIL_KIND} email`);
  return { kind: STAFF_INVITATION_EMAIL_KIND, subjectId: input.siteUserId, recipient: input.email, subject, text, html };
}
