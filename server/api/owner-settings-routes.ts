import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { createOwnerSettingsRepository } from '../db/owner-settings-repository.ts';
import { stringsOf } from '../db/json-column.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { platformMessages } from '../platform-messages.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { parseInput } from '../security/validation.ts';

const MAX_SETTING_KEYS = 200;
const HEADER_FOOTER_KEY = 'siteHeaderFooter';
const MULTILINGUAL_KEY = 'multilingual';

const namespaceParams = z.object({
  namespace: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'namespace must be letters, digits, dots, dashes or underscores' }),
});

const settingsObject = z
  .record(z.string().max(128), z.unknown())
  .refine((value) => Object.keys(value).length <= MAX_SETTING_KEYS, { error: `At most ${MAX_SETTING_KEYS} keys.` });

const headerFooterSchema = z.object({
  header: settingsObject,
  footer: settingsObject,
});

const languageCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'each language must be a code such as fr or pt-BR' });
const languagesSchema = z.object({
  languages: z
    .array(languageCode)
    .max(50)
    .refine((codes) => new Set(codes).size === codes.length, { error: 'languages must not repeat' }),
});

interface MultilingualState {
  connected: boolean;
  languages: string[];
}

function readMultilingual(stored: Record<string, unknown> | null): MultilingualState {
  return { connected: stored?.connected === true, languages: stringsOf(stored?.languages) };
}

/** Commerce preferences, header/footer and multilingual settings of the signed-in owner. */
export function createOwnerSettingsRouter(deps: AppDeps): Router {
  const router = Router();
  const settings = createOwnerSettingsRepository(deps.store);
  const site = new SiteRepository(deps.store);
  const canRead = requireOwner(deps, 'settings.read');
  const canEditSite = requireOwner(deps, 'site.edit');
  const canManageStore = requireOwner(deps, 'store.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  const defaultLanguage = async (): Promise<string> => {
    const language = (await site.website()).language;
    return typeof language === 'string' && language.length > 0 ? language : 'en-US';
  };

  // ------------------------------------------------------------ commerce preferences
  router.get('/api/v1/commerce-preferences/:namespace', canRead, async (req, res) => {
    const { namespace } = parseInput(namespaceParams, req.params);
    const { websiteId: _stripped, ...preferences } = (await settings.preferences(namespace)) ?? {};
    res.json(preferences);
  });

  router.put('/api/v1/commerce-preferences/:namespace', canManageStore, ownerWrite, async (req, res) => {
    const { namespace } = parseInput(namespaceParams, req.params);
    const { websiteId: _ignored, ...preferences } = parseInput(settingsObject, req.body);
    // stored the way the platform keeps it (tagged with the site), stripped again on read
    await settings.savePreferences(namespace, { ...preferences, websiteId: await site.websiteId() });
    res.json(preferences);
  });

  // ------------------------------------------------------------------ header/footer
  router.get('/api/site-header-footer', canRead, async (req, res) => {
    const stored = await settings.setting(HEADER_FOOTER_KEY);
    res.json({ data: { header: stored?.header ?? {}, footer: stored?.footer ?? {} } });
  });

  router.put('/api/site-header-footer', canEditSite, ownerWrite, async (req, res) => {
    const input = parseInput(headerFooterSchema, req.body);
    await settings.saveSetting(HEADER_FOOTER_KEY, input);
    res.json({ data: input });
  });

  // ---------------------------------------------------------------- multilingual
  router.get('/api/multilingual/settings', canRead, async (req, res) => {
    const state = readMultilingual(await settings.setting(MULTILINGUAL_KEY));
    res.json({ defaultLanguage: await defaultLanguage(), languages: state.languages, connected: state.connected });
  });

  router.get('/api/multilingual/status', canRead, async (req, res) => {
    const state = readMultilingual(await settings.setting(MULTILINGUAL_KEY));
    res.json({ connected: state.connected, languageCount: state.languages.length });
  });

  router.get('/api/multilingual/languages', canRead, async (req, res) => {
    res.json({ languages: readMultilingual(await settings.setting(MULTILINGUAL_KEY)).languages });
  });

  router.put('/api/multilingual/languages', canEditSite, ownerWrite, async (req, res) => {
    const { languages } = parseInput(languagesSchema, req.body);
    await settings.saveSetting(MULTILINGUAL_KEY, { connected: true, languages });
    res.json({ languages });
  });

  router.delete('/api/multilingual/connection', canEditSite, ownerWrite, async (req, res) => {
    await settings.saveSetting(MULTILINGUAL_KEY, { connected: false, languages: [] });
    res.json({ message: platformMessages.multilingualDisconnected, connected: false });
  });

  return router;
}
