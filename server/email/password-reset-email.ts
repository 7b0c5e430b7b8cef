/**
 * The email with a link to choose a new password, asked for from the admin's sign-in. The link
 * carries its token after `#`, so the token never reaches a server's request log or another
 * site's Referer: the page reads it in the browser and sends it with the new password.
 */
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { loadEmailTemplates, renderEmail, type EmailTemplates } from './order-email-parts.ts';

export const PASSWORD_RESET_EMAIL_KIND = 'password-reset';


export interface PasswordResetEmailInput {
  siteUserId: string;
  email: string;
  siteTitle: string;
  /** The store's address (Settings → Store address): never the request's Host, which a visitor chooses. */
  baseUrl: string;
  token: string;
  minutes: number;
}

let templates: EmailTemplates | undefined;

/** The link an email carries for `token`. */
export function passwordResetLink(baseUrl: string, token: string): string {
  const url = new URL(PAGE_PATHS.resetPassword, baseUrl);
  url.hash = `token=${token}`;
  return url.href;
}

export function passwordResetEmail(input: PasswordResetEmailInput): NewOutboxEmail {
  templates ??= loadEmailTemplates(PASSWORD_RESET_EMAIL_KIND);
  const subject = fillMessage(serverMessages.passwordResetEmailSubject, { siteTitle: input.siteTitle });
  const context = {
    subject,
    email: input.email,
    siteTitle: input.siteTitle,
    minutes: input.minutes,
    resetUrl: passwordResetLink(input.baseUrl, input.token),
  };
  const { html, text } = renderEmail(templates, context, `${PASSWORD_RESET_EMAIL_KIND} email`);
  return { kind: PASSWORD_RESET_EMAIL_KIND, subjectId: input.siteUserId, recipient: input.email, subject, text, html };
}
