import { resolve } from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { HttpError } from '../security/http-error.ts';
import type { AppDeps } from '../deps.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { collectionContext } from '../pages/catalogue-pages.ts';
import { TEMPLATES_DIR } from '../pages/template-store.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { blockFieldIds, type TemplateBlockField } from '../theme/block-field-ids.ts';
import { loadTemplateFolder } from '../theme/folder-loader.ts';
import { BLOCK_FIELDS_SETTING } from '../theme/store-platform-data.ts';
import { templateFolderRoot } from '../theme/template-folder-root.ts';
import { DiskTemplateSource } from '../theme/template-source.ts';
import { ownerText, parseAdminInput } from './admin-validation.ts';

export const ADMIN_BLOCK_FIELDS = '/api/admin/block-fields';
/** The most a block field's text may hold: a footer's or a home page's few paragraphs. */
export const MAX_BLOCK_FIELD_TEXT = 10_000;

/** Names of an object's machinery: `next['__proto__'] = …` would set a prototype, not store a field. */
const OBJECT_MACHINERY = new Set(['__proto__', 'constructor', 'prototype']);
/** A block field's id as templates write it (`homepage`, `footerBlocks`, `collection-header-6570…`). */
const fieldParams = z.object({
  fieldId: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, { error: ADMIN.server.notAnId })
    .refine((id) => !OBJECT_MACHINERY.has(id), { error: ADMIN.server.notAnId }),
});
const fieldBody = z.object({ text: ownerText(MAX_BLOCK_FIELD_TEXT) });

interface StoredBlock { id?: unknown; type?: unknown; content?: unknown }

/** A field's text as the screen shows it: its text blocks' content, parted by blank lines. */
function fieldText(blocks: unknown): string {
  return (Array.isArray(blocks) ? blocks as StoredBlock[] : [])
    .filter((block) => block !== null && typeof block === 'object' && block.type !== 'html' && typeof block.content === 'string')
    .map((block) => block.content as string).join('\n\n');
}

/** Whether a field holds HTML blocks written outside the screen (a script, `tmpl render --site`), which saving replaces. */
function holdsHtml(blocks: unknown): boolean {
  return Array.isArray(blocks) && (blocks as StoredBlock[]).some((block) => block !== null && typeof block === 'object' && block.type === 'html');
}

/** The served template folder's block field ids; none for a folder of single .tmpl pages or one that does not load. */
function templateFields(deps: AppDeps, collections: readonly Record<string, unknown>[]): TemplateBlockField[] {
  const folder = templateFolderRoot(deps.options.templateDir !== undefined ? resolve(deps.options.templateDir) : TEMPLATES_DIR);
  if (folder === null) return [];
  const loaded = loadTemplateFolder(new DiskTemplateSource(folder.root)).folder;
  return loaded === null ? [] : blockFieldIds(loaded, collections);
}

/**
 * The content of the template's block fields (`<squarespace:block-field id="…">`), stored in the
 * site setting blockFields: the ids the served folder's templates use and any already stored,
 * each as plain text the owner types (paragraphs, `[words](address)` links; server/theme/block-text.ts).
 */
export function createBlockFieldCalls(deps: AppDeps): Router {
  const router = Router();
  const canRead = requireOwner(deps, 'settings.read');
  const canManage = requireOwner(deps, 'store.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  router.get(ADMIN_BLOCK_FIELDS, canRead, async (_req, res) => {
    const site = new SiteRepository(deps.store);
    const [stored, collections] = await Promise.all([site.readSetting(BLOCK_FIELDS_SETTING), site.collections()]);
    const named = templateFields(deps, collections.map(collectionContext));
    const inTemplate = named.map((field) => field.id);
    const ids = [...inTemplate, ...Object.keys(stored).filter((id) => !inTemplate.includes(id))];
    // each named as the template's tag names it (its label, and the collection a per-collection one is for)
    const about = (id: string) => named.find((field) => field.id === id);
    res.json({
      fields: ids.map((id) => ({
        id, label: about(id)?.label ?? null, collectionTitle: about(id)?.collectionTitle ?? null,
        text: fieldText(stored[id]), inTemplate: inTemplate.includes(id), holdsHtml: holdsHtml(stored[id]),
      })),
    });
  });

  router.put(`${ADMIN_BLOCK_FIELDS}/:fieldId`, canManage, ownerWrite, async (req, res) => {
    const { fieldId } = parseAdminInput(fieldParams, req.params);
    const { text } = parseAdminInput(fieldBody, req.body);
    const trimmed = text.trim();
    const collections = (await new SiteRepository(deps.store).collections()).map(collectionContext);
    const inTemplate = templateFields(deps, collections).some((field) => field.id === fieldId);
    await deps.store.transaction(async (tx) => {
      const site = new SiteRepository(tx);
      const stored = await site.readSettingForUpdate(BLOCK_FIELDS_SETTING);
      // only the template's ids and those already stored: made-up ids would grow the setting without bound
      if (!inTemplate && !Object.hasOwn(stored, fieldId)) throw new HttpError(404, ADMIN.server.blockFieldNotInTemplate);
      // no prototype, so no id can reach an object's machinery
      const next: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, stored);
      // the field's one text block; an emptied field shows the platform's empty wrapper again
      if (trimmed === '') delete next[fieldId];
      else next[fieldId] = [{ id: `text-${fieldId}`, type: 'text', content: trimmed }];
      await site.writeSetting(BLOCK_FIELDS_SETTING, next);
    });
    res.json({ field: { id: fieldId, text: trimmed }, message: ADMIN.blockFieldSaved });
  });

  return router;
}
