/**
 * "Show password" beside a form's new password: a toggle button (aria-pressed) that shows what was
 * typed as text, so the owner can check it before saving. A store without a mail server has no
 * "Forgot your password?" to fall back on, and a typo there locks the owner out.
 */
import { useState } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';

/** Whether the form's new password is shown, and the `type` its field(s) take. */
export function usePasswordShown(): { shown: boolean; setShown: (shown: boolean) => void; type: 'text' | 'password' } {
  const [shown, setShown] = useState(false);
  return { shown, setShown, type: shown ? 'text' : 'password' };
}

/** `controls`: the ids of the fields it shows. */
export function ShowPasswordToggle({ shown, onChange, controls }: { shown: boolean; onChange: (shown: boolean) => void; controls: string[] }) {
  return (
    <button type="button" className="admin-show-password" aria-pressed={shown} aria-controls={controls.join(' ')} onClick={() => onChange(!shown)}>
      {ADMIN.showPassword}
    </button>
  );
}
