import type { AppDeps, CaptchaOptions } from '../deps.ts';
import type { SiteRepository } from '../db/site-repository.ts';

/**
 * The captcha the storefront asks for now: the operator's (`CAPTCHA`, in deps.captcha) unless the
 * owner switched it off in the admin's settings (storeSettings.captchaDisabled). Read from the
 * site settings on each use (cached until the content version moves), so a change shows at once.
 */
export async function activeCaptcha(deps: AppDeps, site: SiteRepository): Promise<CaptchaOptions | undefined> {
  if (!deps.captcha) return undefined;
  return (await site.storeSettings()).captchaDisabled === true ? undefined : deps.captcha;
}
