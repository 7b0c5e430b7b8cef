import { expect } from 'vitest';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import { Visitor, type RequestOptions, type VisitorResponse } from './visitor.ts';

const SESSION_PATH = '/api/site-users/account/session';

/**
 * A visitor that signs in to a site-user account (the owner is one) and, like the account
 * islands, sends the session's xsrf token on every call so owner calls reach their validation.
 */
export class SiteUserVisitor extends Visitor {
  xsrfToken = '';

  async signIn(email: string, password: string): Promise<this> {
    if (this.crumb === '') await this.start();
    const answer = await this.post<{ xsrfToken: string }>(SESSION_PATH, { email, password });
    expect(answer.status, answer.text).toBe(200);
    this.xsrfToken = answer.body.xsrfToken;
    return this;
  }

  override request<T = unknown>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<VisitorResponse<T>> {
    const headers = this.xsrfToken === '' ? options.headers : { [SITE_USER_XSRF_HEADER]: this.xsrfToken, ...options.headers };
    return super.request<T>(method, path, body, { ...options, headers });
  }
}
