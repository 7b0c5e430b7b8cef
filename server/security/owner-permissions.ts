/**
 * What each contributor role may do on the owner calls. The platform does not publish its rules,
 * so this table is ours: admins and website managers do everything (admins alone manage the
 * staff), store managers run the store, editors edit the site, viewers and reporting read, the rest have no owner access.
 */
export type OwnerPermission =
  /** Read owner settings: commerce preferences, header/footer, multilingual, site layout. */
  | 'settings.read'
  /** Change header/footer, multilingual languages and connection, navigation. */
  | 'site.edit'
  /** Change commerce preferences, create stores and their categories. */
  | 'store.manage'
  /** List restock sign-up groups and sign-ups. */
  | 'restock.read'
  /** Send restock notifications. */
  | 'restock.send'
  /** Use the admin at /config: sign in to it, change one's own password. */
  | 'admin.use'
  /** See products, variants, stock and its history in the admin. */
  | 'catalogue.read'
  /** Create, edit and delete products, upload their images, change stock. */
  | 'catalogue.edit'
  /** See orders and export them. */
  | 'orders.read'
  /** Mark orders fulfilled, cancel or refund them. */
  | 'orders.manage'
  /** Read form submissions, newsletter subscribers and restock requests, and export them. */
  | 'messages.read'
  /** Add staff accounts, change their roles and remove them: the store's admins only. */
  | 'staff.manage';

export const CONTRIBUTOR_ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
} as const;

export type ContributorRoleName = keyof typeof CONTRIBUTOR_ROLES;

const ALL: readonly OwnerPermission[] = [
  'settings.read', 'site.edit', 'store.manage', 'restock.read', 'restock.send',
  'admin.use', 'catalogue.read', 'catalogue.edit', 'orders.read', 'orders.manage', 'messages.read',
];
/** What a role that reads the store's figures may see in the admin. */
const READS_STORE: readonly OwnerPermission[] = ['admin.use', 'catalogue.read', 'orders.read', 'messages.read'];

export const ROLE_PERMISSIONS: Readonly<Record<number, readonly OwnerPermission[]>> = {
  [CONTRIBUTOR_ROLES.admin]: [...ALL, 'staff.manage'],
  [CONTRIBUTOR_ROLES.websiteManager]: ALL,
  [CONTRIBUTOR_ROLES.storeManager]: [
    'settings.read', 'store.manage', 'restock.read', 'restock.send', ...READS_STORE, 'catalogue.edit', 'orders.manage',
  ],
  [CONTRIBUTOR_ROLES.editor]: ['settings.read', 'site.edit', 'admin.use', 'catalogue.read'],
  [CONTRIBUTOR_ROLES.viewer]: ['settings.read', 'restock.read', ...READS_STORE],
  [CONTRIBUTOR_ROLES.reporting]: ['settings.read', 'restock.read', ...READS_STORE],
  [CONTRIBUTOR_ROLES.billing]: ['settings.read', 'admin.use', 'orders.read'],
  [CONTRIBUTOR_ROLES.campaignsEditor]: ['settings.read'],
  [CONTRIBUTOR_ROLES.moderator]: [],
  [CONTRIBUTOR_ROLES.commenter]: [],
  [CONTRIBUTOR_ROLES.scheduling]: [],
  [CONTRIBUTOR_ROLES.schedulingViewer]: [],
  [CONTRIBUTOR_ROLES.schedulingEditor]: [],
  [CONTRIBUTOR_ROLES.none]: [],
};

/** Whether an account with this role (null: a visitor account) holds the permission. */
export function roleAllows(role: number | null, permission: OwnerPermission): boolean {
  if (role === null) return false;
  return (ROLE_PERMISSIONS[role] ?? []).includes(permission);
}
