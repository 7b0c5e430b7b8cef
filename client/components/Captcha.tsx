/**
 * A captcha container: the page's provider renders into it after hydration
 * (the server renders it empty, so hydration matches). The parent gets the
 * token, and a handle to reset it, to verify the typed answer when the form
 * is sent without one (so sending is a single step), and to focus it.
 */
import { useEffect, useRef } from 'react';
import { pageCaptcha } from '../lib/captcha/page-captcha.ts';
import type { CaptchaAction } from '../lib/captcha/provider.ts';
import { reportError } from '../lib/error-reporting.ts';
import { FORM } from '../lib/messages.ts';

/** A verified token, or the shopper's message when there is none (no answer yet, or a wrong one). */
export type CaptchaResult = { ok: true; token: string } | { ok: false; message: string };

export interface CaptchaHandle {
  reset: () => void;
  verify: () => Promise<CaptchaResult>;
  /** Focuses the answer box (after a refusal that needs the shopper there). */
  focus: () => void;
}

export interface CaptchaProps {
  action: CaptchaAction;
  onToken: (token: string | null) => void;
  handleRef: { current: CaptchaHandle | null };
  theme?: 'light' | 'dark';
  align?: 'left' | 'center' | 'right';
}

export function Captcha({ action, onToken, handleRef, theme, align }: CaptchaProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const manager = pageCaptcha();
    let widgetId: number | null = null;
    let active = true;
    manager.render(container, {
      action,
      theme,
      onToken: (token) => onTokenRef.current(token),
      onExpired: () => onTokenRef.current(null),
    }).then((id) => {
      if (active) widgetId = id;
    }, reportError);
    handleRef.current = {
      reset: () => manager.reset(widgetId),
      verify: async () => {
        if (widgetId === null) return { ok: false, message: FORM.completeCaptcha };
        try {
          return { ok: true, token: await manager.execute(widgetId) };
        } catch (error) {
          return { ok: false, message: error instanceof Error && error.message ? error.message : FORM.completeCaptcha };
        }
      },
      focus: () => container.querySelector<HTMLElement>('input:not([disabled])')?.focus(),
    };
    return () => {
      active = false;
      handleRef.current = null;
      manager.destroy(container);
    };
  }, [action, theme, handleRef]);

  return <div ref={containerRef} className="captcha-container" style={align ? { textAlign: align } : undefined} />;
}
