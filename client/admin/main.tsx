/**
 * Browser entry of the admin at /config (its own bundle: storefront pages never load it). Takes
 * over the server-rendered shell with the props it was rendered with.
 */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AdminApp, type AdminAppProps } from './AdminApp.tsx';
import { ADMIN_PROPS_ATTRIBUTE, ADMIN_ROOT_ID, ADMIN_SCRIPT_ATTRIBUTE } from './admin-root.ts';
import { setLoadedAdminScript } from './admin-updated.ts';

const root = document.getElementById(ADMIN_ROOT_ID);
if (root) {
  const props = JSON.parse(root.getAttribute(ADMIN_PROPS_ATTRIBUTE) ?? '{}') as AdminAppProps;
  setLoadedAdminScript(root.getAttribute(ADMIN_SCRIPT_ATTRIBUTE));
  hydrateRoot(root, createElement(AdminApp, props));
}
