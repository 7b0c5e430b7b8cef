/** The element the admin renders into, and the attribute carrying its first props (JSON). */
export const ADMIN_ROOT_ID = 'admin-root';
export const ADMIN_PROPS_ATTRIBUTE = 'data-admin-props';
