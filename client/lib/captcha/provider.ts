/**
 * The captcha provider contract and the page's captcha manager: the provider
 * loads once per window, renders once per container (the container is marked
 * rendered), compact below 320 px, and can execute, reset or destroy a widget.
 */
import { HELPERS } from '../messages.ts';

export const CAPTCHA_COMPACT_BELOW_PX = 320;
export const CAPTCHA_RENDERED_ATTRIBUTE = 'data-captcha-rendered';

export type CaptchaAction = 'form_block' | 'newsletter_block' | 'product_waitlist' | 'promo_popup';
export type CaptchaSize = 'compact' | 'normal';

export interface CaptchaRenderOptions {
  action: CaptchaAction;
  size: CaptchaSize;
  theme?: 'light' | 'dark';
  onToken: (token: string) => void;
  onExpired: () => void;
}

export interface CaptchaProvider {
  load(): Promise<void>;
  render(container: HTMLElement, options: CaptchaRenderOptions): number;
  execute(widgetId: number): Promise<string>;
  reset(widgetId: number): void;
  destroy(widgetId: number): void;
}

export function captchaSizeFor(width: number): CaptchaSize {
  return width < CAPTCHA_COMPACT_BELOW_PX ? 'compact' : 'normal';
}

export class CaptchaManager {
  private loading: Promise<void> | null = null;
  private readonly widgets = new WeakMap<HTMLElement, number>();

  constructor(private readonly provider: CaptchaProvider | null, private readonly doc: Document = document) {}

  /** Loads the provider once per window. */
  load(): Promise<void> {
    if (!this.provider) return Promise.reject(new Error(HELPERS.captchaNotSetUp));
    if (!this.doc.defaultView) return Promise.reject(new Error(HELPERS.documentDestroyed));
    this.loading ??= this.provider.load();
    return this.loading;
  }

  /** Renders into a container once; later calls return the same widget id. */
  async render(container: HTMLElement, options: Omit<CaptchaRenderOptions, 'size'>): Promise<number> {
    await this.load();
    const existing = this.widgets.get(container);
    if (existing !== undefined) return existing;
    const size = captchaSizeFor(container.getBoundingClientRect().width || container.offsetWidth || CAPTCHA_COMPACT_BELOW_PX);
    const id = this.provider!.render(container, { ...options, size });
    this.widgets.set(container, id);
    container.setAttribute(CAPTCHA_RENDERED_ATTRIBUTE, 'true');
    return id;
  }

  execute(widgetId: number | null): Promise<string> {
    if (!this.provider || widgetId === null) return Promise.reject(new Error(HELPERS.captchaNotSetUp));
    return this.provider.execute(widgetId);
  }

  reset(widgetId: number | null): void {
    if (this.provider && widgetId !== null) this.provider.reset(widgetId);
  }

  destroy(container: HTMLElement): void {
    const id = this.widgets.get(container);
    if (id === undefined || !this.provider) return;
    this.provider.destroy(id);
    this.widgets.delete(container);
    container.removeAttribute(CAPTCHA_RENDERED_ATTRIBUTE);
  }
}
