import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { forApiPathsOnly } from './api-calls-router.ts';
import { refuseDeeplyNestedBodies } from './body-nesting.ts';
import { ensureOwnerAccount } from '../security/owner-account.ts';
import { siteUserResolver } from '../security/site-user.ts';
import { createCaptchaRouter } from './captcha-routes.ts';
import { createFormsRouter } from './forms-routes.ts';
import { createOwnerSettingsRouter } from './owner-settings-routes.ts';
import { createPlacesRouter } from './places-routes.ts';
import type { PlacesProvider } from './places-provider.ts';
import { createPasswordResetRouter } from './password-reset-routes.ts';
import { createSiteUserRouter } from './site-user-routes.ts';
import { createStoreCreationRouter } from './store-creation-routes.ts';
import { createTrackingRouter } from './tracking-routes.ts';

export interface PlatformRouterOptions {
  /** Address search for the autocomplete calls; the bundled list of places when absent. */
  placesProvider?: PlacesProvider;
}

/**
 * The platform calls: site-user session and language, forms, captcha, tracking, address
 * autocomplete and the owner settings. Creating it makes sure the owner account exists. Mount it before the other routers: its first step resolves
 * the signed-in site user so readSiteUser(req) works everywhere after it. Crumb checking,
 * cookie and body parsing come from the app in front of it; bodies nested too deeply are refused here.
 */
export async function createPlatformRouter(deps: AppDeps, options: PlatformRouterOptions = {}): Promise<Router> {
  // the owner calls need an owner: created (password printed once) on the first start
  await ensureOwnerAccount(deps);
  const router = Router();
  // every router is mounted after this one, so no route reads a body nested past the limit
  router.use(refuseDeeplyNestedBodies);
  router.use(siteUserResolver(deps));
  const calls = Router();
  calls.use(createSiteUserRouter(deps));
  calls.use(createPasswordResetRouter(deps));
  calls.use(createFormsRouter(deps));
  calls.use(createCaptchaRouter(deps));
  calls.use(createTrackingRouter(deps));
  calls.use(createPlacesRouter(deps, options.placesProvider));
  calls.use(createOwnerSettingsRouter(deps));
  calls.use(createStoreCreationRouter(deps));
  router.use(forApiPathsOnly(calls));
  return router;
}
