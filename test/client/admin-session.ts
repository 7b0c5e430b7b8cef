/** The admin screens' tests: each runs signed in (a crumb and a session token), and leaves nothing behind. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSessionToken } from '../../client/admin/admin-api.ts';
import { clearCookies, setCookies } from './helpers.ts';

export function withAdminSession(): void {
  beforeEach(() => {
    setCookies('crumb=the-crumb');
    setSessionToken('session-token');
  });
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });
}
