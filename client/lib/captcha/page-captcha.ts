/** The page's single captcha manager, backed by the built-in provider. */
import { CaptchaManager } from './provider.ts';
import { LocalCaptchaProvider } from './local-provider.ts';

let manager: CaptchaManager | null = null;

export function pageCaptcha(): CaptchaManager {
  manager ??= new CaptchaManager(new LocalCaptchaProvider());
  return manager;
}

/** Tests swap in their own manager. */
export function setPageCaptcha(next: CaptchaManager | null): void {
  manager = next;
}
