import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ADMIN_SCRIPT_HEADER } from '../../client/admin/admin-root.ts';
import { ADMIN_SCRIPT_KEY, readClientManifest } from '../../client/manifest.ts';
import { createAccountCalls } from './account-calls.ts';
import { createBlockFieldCalls } from './block-field-calls.ts';
import { createDiscountCodeCalls } from './discount-code-calls.ts';
import { createGiftCardCalls } from './gift-card-calls.ts';
import { createInventoryCalls } from './inventory-calls.ts';
import { createMessageCalls } from './message-calls.ts';
import { createOrderCalls } from './order-calls.ts';
import { createNavigationLinkCalls } from './navigation-link-calls.ts';
import { createPageCalls } from './page-calls.ts';
import { createProductBulkCalls } from './product-bulk-calls.ts';
import { createProductCalls } from './product-calls.ts';
import { createProductListCalls } from './product-list-calls.ts';
import { createProductFileCalls } from './product-file-calls.ts';
import { createProductSpreadsheetCalls } from './product-spreadsheet-calls.ts';
import { createSettingsCalls } from './settings-calls.ts';
import { createStaffCalls } from './staff-calls.ts';

/**
 * Every call of the admin at /config, under /api/admin: each route checks the role's right with
 * requireOwner (401 anonymous, 403 without it, 403 without the session token on writes) and
 * counts against a budget of the rate-limit table; the crumb is checked in front of all routes.
 */
export function createAdminCalls(deps: AppDeps): Router {
  const router = Router();
  // each answer names the admin script served now, so a page opened before a new release was
  // installed knows to reload (client/admin/admin-updated.ts)
  router.use('/api/admin', (_req, res, next) => {
    const script = readClientManifest()[ADMIN_SCRIPT_KEY];
    if (script) res.set(ADMIN_SCRIPT_HEADER, script);
    next();
  });
  router.use(createProductListCalls(deps));
  router.use(createProductBulkCalls(deps));
  router.use(createProductCalls(deps));
  router.use(createProductFileCalls(deps));
  router.use(createProductSpreadsheetCalls(deps));
  router.use(createInventoryCalls(deps));
  router.use(createOrderCalls(deps));
  router.use(createGiftCardCalls(deps));
  router.use(createDiscountCodeCalls(deps));
  router.use(createMessageCalls(deps));
  router.use(createSettingsCalls(deps));
  router.use(createStaffCalls(deps));
  router.use(createPageCalls(deps));
  router.use(createNavigationLinkCalls(deps));
  router.use(createBlockFieldCalls(deps));
  router.use(createAccountCalls(deps));
  return router;
}
