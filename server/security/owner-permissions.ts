/**
 * What each contributor role may do on the owner calls. The platform does not publish its rules,
 * so this table is ours: admins and website managers do everything, store managers run the
 * store, editors edit the site, viewers and reporting read, the rest have no owner access.
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
  | 'restock.send';

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

const ALL: readonly OwnerPermission[] = ['settings.read', 'site.edit', 'store.manage', 'restock.read', 'restock.send'];

export const ROLE_PERMISSIONS: Readonly<Record<number, readonly OwnerPermission[]>> = {
  [CONTRIBUTOR_ROLES.admin]: ALL,
  [CONTRIBUTOR_ROLES.websiteManager]: ALL,
  [CONTRIBUTOR_ROLES.storeManager]: ['settings.read', 'store.manage', 'restock.read', 'restock.send'],
  [CONTRIBUTOR_ROLES.editor]: ['settings.read', 'site.edit'],
  [CONTRIBUTOR_ROLES.viewer]: ['settings.read', 'restock.read'],
  [CONTRIBUTOR_ROLES.reporting]: ['settings.read', 'restock.read'],
  [CONTRIBUTOR_ROLES.billing]: ['settings.read'],
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
