/** Tween and scroll helpers with the platform defaults. */
import { HELPERS } from './messages.ts';

export const TWEEN_DEFAULT_DURATION_MS = 300;
export const SCROLL_DEFAULTS = { minDurationMs: 50, maxDurationMs: 50, offset: 30 } as const;

export type Easing = (t: number) => number;
export const easeOutSine: Easing = (t) => Math.sin((t * Math.PI) / 2);
export const linear: Easing = (t) => t;

export interface TweenOptions {
  from: number;
  to: number;
  durationMs?: number;
  easing?: Easing;
  onUpdate: (value: number) => void;
  onComplete?: () => void;
  now?: () => number;
  frame?: (callback: () => void) => unknown;
}

/** Runs a tween; returns a cancel function. Throws when the duration is not a finite number. */
export function tween(options: TweenOptions): () => void {
  const duration = options.durationMs ?? TWEEN_DEFAULT_DURATION_MS;
  if (typeof duration !== 'number' || !Number.isFinite(duration)) throw new Error(HELPERS.tweenDuration);
  const easing = options.easing ?? easeOutSine;
  const now = options.now ?? (() => performance.now());
  const frame = options.frame ?? ((cb: () => void) => requestAnimationFrame(cb));
  const start = now();
  let cancelled = false;
  const step = (): void => {
    if (cancelled) return;
    const progress = duration <= 0 ? 1 : Math.min(1, (now() - start) / duration);
    options.onUpdate(options.from + (options.to - options.from) * easing(progress));
    if (progress < 1) frame(step);
    else options.onComplete?.();
  };
  step();
  return () => {
    cancelled = true;
  };
}

export interface ScrollOptions {
  offset?: number;
  durationMs?: number;
  minDurationMs?: number;
  maxDurationMs?: number;
  easing?: Easing;
}

/** Scroll duration clamped between min and max (both default 50 ms). */
export function scrollDuration(options: ScrollOptions = {}): number {
  const min = options.minDurationMs ?? SCROLL_DEFAULTS.minDurationMs;
  const max = options.maxDurationMs ?? SCROLL_DEFAULTS.maxDurationMs;
  const wanted = options.durationMs ?? min;
  return Math.min(max, Math.max(min, wanted));
}

/** Scrolls the window so the element sits `offset` px below the top. */
export function scrollToElement(element: Element, options: ScrollOptions = {}): () => void {
  const offset = options.offset ?? SCROLL_DEFAULTS.offset;
  const target = element.getBoundingClientRect().top + window.scrollY - offset;
  return tween({
    from: window.scrollY,
    to: Math.max(0, target),
    durationMs: scrollDuration(options),
    easing: options.easing ?? easeOutSine,
    onUpdate: (y) => window.scrollTo(0, y),
  });
}
