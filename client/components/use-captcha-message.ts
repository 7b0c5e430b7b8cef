/**
 * The captcha's own message ("Complete CAPTCHA before submitting."), taken away once the captcha
 * is solved, as it would otherwise stand under "Verified" and contradict it; any other message
 * (an address refused, the server's reason) stays.
 */
import { useRef } from 'react';

export interface CaptchaMessage {
  /** The Captcha's onToken: keeps the token, and clears the captcha's message once solved. */
  onToken(token: string | null): void;
  /** Says the message now shown is the captcha's. */
  shown(): void;
  /** Says the message now shown (if any) is not the captcha's: a new submit. */
  forget(): void;
}

export function useCaptchaMessage(setToken: (token: string | null) => void, clearMessage: () => void): CaptchaMessage {
  const shownNow = useRef(false);
  return {
    onToken(token) {
      setToken(token);
      if (token && shownNow.current) {
        shownNow.current = false;
        clearMessage();
      }
    },
    shown() {
      shownNow.current = true;
    },
    forget() {
      shownNow.current = false;
    },
  };
}
