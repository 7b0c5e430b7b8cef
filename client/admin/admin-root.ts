/** The element the admin renders into, and the attribute carrying its first props (JSON). */
export const ADMIN_ROOT_ID = 'admin-root';
export const ADMIN_PROPS_ATTRIBUTE = 'data-admin-props';
/** The attribute carrying the admin script's address as the shell loaded it. */
export const ADMIN_SCRIPT_ATTRIBUTE = 'data-admin-script';
/** The header of every admin call's answer naming the admin script the server serves now. */
export const ADMIN_SCRIPT_HEADER = 'X-Admin-Script';
