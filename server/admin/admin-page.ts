import express, { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ADMIN_BASE } from '../../client/lib/admin-paths.ts';
import { AdminApp, type AdminAppProps } from '../../client/admin/AdminApp.tsx';
import { adminDocumentTitle } from '../../client/admin/admin-title.ts';
import { ADMIN_PROPS_ATTRIBUTE, ADMIN_ROOT_ID, ADMIN_SCRIPT_ATTRIBUTE } from '../../client/admin/admin-root.ts';
import { ADMIN_SCRIPT_KEY, ADMIN_STYLES_KEY, readClientManifest } from '../../client/manifest.ts';
import type { AppDeps } from '../deps.ts';
import { AdminAccountRepository } from '../db/admin-account-repository.ts';
import { AdminProductRepository } from '../db/admin-product-repository.ts';
import { AdminSettingsRepository } from '../db/admin-settings-repository.ts';
import { cspNonce } from '../security/content-security-policy.ts';
import { ROLE_PERMISSIONS } from '../security/owner-permissions.ts';
import { readResolvedSiteUser } from '../security/site-user.ts';
import { UPLOADS_URL } from './image-upload.ts';
import { uploadsDir } from '../store-folders.ts';
import { resizedUploads } from './image-copies.ts';
import { cleanUploads } from './clean-uploads.ts';
import { onlyStoreUploads } from './uploads-served.ts';
import { canEmailPasswordLinks } from '../security/password-links.ts';
import { storeTimeZone } from './order-period.ts';
import { adminMoneyFormat } from './admin-money-format.ts';
import { storeLocale } from '../pages/base-context.ts';
import { createPackingSlipPage } from './packing-slips.ts';
import { createInvoicePage } from './invoice-page.ts';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** What the shell knows of the signed-in account: enough to pick the screen before any call. */
async function appProps(deps: AppDeps, req: Request): Promise<AdminAppProps> {
  const settings = new AdminSettingsRepository(deps.store);
  // read once: the title, the time zone, the locale and the money format all come from it
  const website = await settings.read('website');
  const siteTitle = typeof website.siteTitle === 'string' ? website.siteTitle : '';
  const path = req.path.length > ADMIN_BASE.length ? req.path : ADMIN_BASE;
  const user = readResolvedSiteUser(req);
  if (!user) return { account: null, siteTitle, path, canEmailResetLinks: canEmailPasswordLinks(deps) };
  const account = await new AdminAccountRepository(deps.store).findById(user.siteUserId);
  return {
    account: {
      email: account?.email ?? '',
      permissions: user.contributorRole === null ? [] : [...(ROLE_PERMISSIONS[user.contributorRole] ?? [])],
      // the session's token for the admin's writes; the page is never cached, so only this account sees it
      xsrfToken: user.xsrfToken,
    },
    siteTitle,
    path,
    // the screens write every date in it, as the orders list counts its days
    timeZone: storeTimeZone(website),
    // and every amount in the store's money format, as the shop writes it
    moneyFormat: adminMoneyFormat(website, await settings.read('websiteSettings')),
    // and every date in the store's language, as its money follows it
    locale: storeLocale(website),
  };
}

/**
 * The admin's server-rendered shell at /config (and its screens' paths below it), and the
 * uploaded images. Everyone gets the shell: the sign-in form when signed out, the screens the
 * role allows when signed in; every call behind it checks the role again.
 */
export function createAdminPages(deps: AppDeps): Router {
  const router = Router();
  const uploads = uploadsDir(deps.options);
  // only the images the store wrote, checked before any step reads a file and again before the
  // file sent (a resized copy's): anything else leaves this router, for the plain 404 of a missing file;
  // ?format=Nw answers the nearest resized copy at least N wide, with the original's headers;
  // an original stored with its metadata (GPS position) is cleaned before it is answered
  const served = Router();
  const onlyUploads = onlyStoreUploads(uploads);
  served.use(onlyUploads, resizedUploads(uploads, {
    log: deps.log,
    makeMissing: !deps.options.readOnly,
    recordCopies: (name, widths) => new AdminProductRepository(deps.store).recordImageCopies(`${UPLOADS_URL}${name}`, widths),
  }),
    cleanUploads(uploads, {
      log: deps.log,
      canWrite: !deps.options.readOnly,
      recordCleaned: (name, cleaned) => new AdminProductRepository(deps.store).recordCleanedImage(`${UPLOADS_URL}${name}`, cleaned),
    }),
    onlyUploads,
    express.static(uploads, { maxAge: '1h', fallthrough: true, index: false, dotfiles: 'ignore', redirect: false }));
  router.use(UPLOADS_URL, served);
  const shell = async (req: Request, res: Response): Promise<void> => {
    const props = await appProps(deps, req);
    const manifest = readClientManifest();
    const nonce = cspNonce(res);
    const script = manifest[ADMIN_SCRIPT_KEY];
    const styles = manifest[ADMIN_STYLES_KEY];
    const allowed = props.account === null || props.account.permissions.includes('admin.use');
    const html = renderToString(createElement(AdminApp, props));
    const json = JSON.stringify(props);
    res.status(allowed ? 200 : 403);
    res.set('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(adminDocumentTitle(props.siteTitle))}</title>
${styles ? `<link rel="stylesheet" href="${escapeHtml(styles)}">` : ''}
${script ? `<script type="module" nonce="${escapeHtml(nonce)}" src="${escapeHtml(script)}"></script>` : ''}
</head>
<body class="admin">
<div id="${ADMIN_ROOT_ID}" ${ADMIN_PROPS_ATTRIBUTE}="${escapeHtml(json)}"${script ? ` ${ADMIN_SCRIPT_ATTRIBUTE}="${escapeHtml(script)}"` : ''}>${html}</div>
</body>
</html>`);
  };
  // pages of their own, printed rather than used: before the screens' paths, which would take them
  router.use(createPackingSlipPage(deps));
  router.use(createInvoicePage(deps));
  router.get(ADMIN_BASE, shell);
  router.get(`${ADMIN_BASE}/*screen`, shell);
  return router;
}

