/**
 * A captcha container: the page's provider renders into it after hydration
 * (the server renders it empty, so hydration matches). The parent gets the
 * token and a reset handle.
 */
import { useEffect, useRef } from 'react';
import { pageCaptcha } from '../lib/captcha/page-captcha.ts';
import type { CaptchaAction } from '../lib/captcha/provider.ts';
import { reportError } from '../lib/error-reporting.ts';

export interface CaptchaHandle {
  reset: () => void;
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
    handleRef.current = { reset: () => manager.reset(widgetId) };
    return () => {
      active = false;
      handleRef.current = null;
      manager.destroy(container);
    };
  }, [action, theme, handleRef]);

  return <div ref={containerRef} className="captcha-container" style={align ? { textAlign: align } : undefined} />;
}
