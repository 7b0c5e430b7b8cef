/**
 * The Block fields screen's calls: the ids the served template's <squarespace:block-field> tags
 * use, their text stored in the site setting blockFields and rendered in the field's layout
 * wrapper as plain text (paragraphs, safe links), and bad input refused with nothing written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { REAL_TEMPLATES } from '../helpers/real-templates.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { blockTextHtml } from '../../../server/theme/block-text.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';

const HNP = join(REAL_TEMPLATES, 'MechanicalHuman+hnp-squarespace-template');
const FIELDS = '/api/admin/block-fields';
const FIELD = '/api/admin/block-fields/:fieldId';
const fieldUrl = (id: string) => FIELD.replace(':fieldId', encodeURIComponent(id));

interface Listed { fields: { id: string; label?: string | null; collectionTitle?: string | null; text: string; inTemplate: boolean }[] }

describe('block field text', () => {
  it('is escaped plain text in paragraphs, with [words](address) links only to safe addresses', () => {
    expect(blockTextHtml('Hello <b>there</b>\nsecond line\n\n[Shop](/shop) and [x](javascript:alert(1))'))
      .toBe('<p>Hello &lt;b&gt;there&lt;/b&gt;<br>second line</p><p><a href="/shop">Shop</a> and [x](javascript:alert(1))</p>');
  });
});

describe.skipIf(!existsSync(HNP))('the Block fields screen\'s calls, with hnp as the shop\'s template', () => {
  let server: PlatformServer;
  let owner: SiteUserVisitor;
  beforeAll(async () => {
    server = await startPlatformServer({ templateDir: HNP });
    owner = await server.signInOwner();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('lists the template\'s block fields, a per-collection one for each collection', async () => {
    const listed = await owner.get<Listed>(FIELDS);
    expect(listed.status, listed.text).toBe(200);
    const ids = listed.body.fields.map((field) => field.id);
    expect(ids).toContain('homepage');
    expect(ids.some((id) => id.startsWith('collection-header-6570'))).toBe(true);
    expect(ids.every((id) => !id.includes('{'))).toBe(true);
    // named for the owner as the template's tag names it, with the collection a per-collection one is for
    const header = listed.body.fields.find((field) => field.id.startsWith('collection-header-'))!;
    expect(header.label).toBe('Collection Header Content');
    expect(typeof header.collectionTitle).toBe('string');
    expect(header.collectionTitle).not.toBe('');
  });

  it('renders the saved text on the home page in the field\'s wrapper, escaped, and an emptied field empty again', async () => {
    const before = await (await fetch(`${server.url}/`)).text();
    expect(before).toMatch(/class="sqs-layout sqs-grid-12 columns-12 empty home"[^>]*id="homepage"/);
    const saved = await owner.put<{ field: { text: string } }>(fieldUrl('homepage'), { text: 'Welcome <script>x()</script>\n\n[See the shop](/shop)' });
    expect(saved.status, saved.text).toBe(200);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toMatch(/class="sqs-layout sqs-grid-12 columns-12 home"[^>]*id="homepage"/);
    expect(html).toContain('<p>Welcome &lt;script&gt;x()&lt;/script&gt;</p><p><a href="/shop">See the shop</a></p>');
    expect((await owner.get<Listed>(FIELDS)).body.fields.find((field) => field.id === 'homepage')?.text).toBe('Welcome <script>x()</script>\n\n[See the shop](/shop)');
    expect((await owner.put(fieldUrl('homepage'), { text: '  ' })).status).toBe(200);
    expect(await (await fetch(`${server.url}/`)).text()).toMatch(/columns-12 empty home"/);
  });

  it('refuses bad input and writes nothing', async () => {
    // a field the template no longer uses but whose text is stored (hnp has no footer field)
    const site = new SiteRepository(server.app.deps.store);
    await site.writeSetting('blockFields', { ...(await site.readSetting('blockFields')), footer: [{ id: 'text-footer', type: 'text', content: 'old' }] });
    expect((await owner.put(fieldUrl('footer'), { text: 'kept' })).status).toBe(200);
    for (const [url, body, field] of [
      [fieldUrl('footer'), { text: 7 }, 'text'],
      [fieldUrl('footer'), { text: 'x'.repeat(10_001) }, 'text'],
      [fieldUrl('footer'), { text: 'a\u0000b' }, 'text'],
      [fieldUrl('no good'), { text: 'x' }, 'fieldId'],
      [fieldUrl('x'.repeat(121)), { text: 'x' }, 'fieldId'],
      // names an object's machinery, never a field
      [fieldUrl('__proto__'), { text: 'x' }, 'fieldId'],
      [fieldUrl('constructor'), { text: 'x' }, 'fieldId'],
      [fieldUrl('prototype'), { text: 'x' }, 'fieldId'],
    ] as const) {
      const answer = await owner.put<{ fieldErrors?: Record<string, string> }>(url, body);
      expect(answer.status, `${url} ${answer.text}`).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), answer.text).toContain(field);
    }
    expect((await owner.put(fieldUrl('footer'), 'not an object')).status).toBe(400);
    // only the template's ids and those already stored: no growing the setting with made-up ones
    const unknown = await owner.put<{ error?: string }>(fieldUrl('somethingElse'), { text: 'x' });
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.text).toContain('not one of your template');
    const listed = (await owner.get<Listed>(FIELDS)).body.fields;
    expect(listed.map((field) => field.id)).not.toContain('somethingElse');
    const footer = listed.find((field) => field.id === 'footer');
    expect(footer).toEqual({ id: 'footer', label: null, collectionTitle: null, text: 'kept', inTemplate: false, holdsHtml: false });
  });

  it('lets only a role that manages the store save', async () => {
    expect((await fetch(`${server.url}${FIELDS}`)).status).toBe(401);
    expect((await fetch(`${server.url}${fieldUrl('homepage')}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' })).status).toBeGreaterThanOrEqual(401);
  });
});
