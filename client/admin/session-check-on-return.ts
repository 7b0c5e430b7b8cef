/**
 * A session that ended while the phone slept is found as soon as the owner comes back to the
 * admin, not at the next save: each time the page is shown again after being hidden, one small
 * call asks whether the session still holds, and its refusal brings the password prompt (as any
 * call refused as signed out does, through adminCall). Nothing is asked while the page is hidden,
 * nor while an earlier check is still under way.
 */
import { useEffect } from 'react';
import { adminCall } from './admin-api.ts';

export const SESSION_CHECK_PATH = '/api/admin/account/session';

/** Checks the session on every return to the page while `signedIn` (an account that uses the admin). */
export function useSessionCheckOnReturn(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let hidden = document.visibilityState === 'hidden';
    let checking = false;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        hidden = true;
        return;
      }
      // once per return: a second "visible" without a hide between (or during a check) asks nothing
      if (!hidden || checking) return;
      hidden = false;
      checking = true;
      void adminCall('GET', SESSION_CHECK_PATH).finally(() => {
        checking = false;
      });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [signedIn]);
}
