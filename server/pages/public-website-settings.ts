/**
 * The websiteSettings a page's context carries: the store's settings without what only its
 * owner may read. Every page answers its context to anyone with `?format=json`, so where new
 * orders are emailed (a private address) and when stock counts as low stay in the admin.
 */
type Json = Record<string, unknown>;

/** storeSettings kept from pages: the owner's own, which no template or island needs. */
const OWNER_ONLY_STORE_SETTINGS = ['orderNotificationEmail', 'lowStockThreshold'] as const;

export function publicWebsiteSettings(settings: Json): Json {
  const store = settings.storeSettings;
  if (typeof store !== 'object' || store === null || Array.isArray(store)) return settings;
  if (!OWNER_ONLY_STORE_SETTINGS.some((key) => key in store)) return settings;
  const shown: Json = { ...(store as Json) };
  for (const key of OWNER_ONLY_STORE_SETTINGS) delete shown[key];
  return { ...settings, storeSettings: shown };
}
