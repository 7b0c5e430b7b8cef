/**
 * Two Settings screens open at once (two tabs, two members of staff): each saves the whole form,
 * so a save made against settings saved since would put the other edit back. The screen sends
 * the revision it loaded; a save against an older one is refused (409, nothing written), also
 * when the two saves arrive at once or through two servers on one store. A save without the
 * revision (a script written before revisions) writes as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { adminSnapshot } from './admin-helpers.ts';

interface Settings { siteTitle: string; tagline: string; taxRateBasisPoints: number; [field: string]: unknown }
interface Loaded { settings: Settings; revision: number }
interface SaveAnswer { message?: string; currentRevision?: number; settings?: Settings; revision?: number }

const SETTINGS = '/api/admin/settings';

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

async function openSettings(as = owner): Promise<Loaded> {
  const opened = await as.get<Loaded>(SETTINGS);
  expect(opened.status, opened.text).toBe(200);
  return { settings: opened.body.settings, revision: opened.body.revision };
}

/** The screen's save, as SettingsScreen sends it: the whole form with the revision it loaded (null: none). */
function saveFromScreen(opened: Loaded, changes: Partial<Settings>, as = owner, revision: number | null = opened.revision) {
  return as.put<SaveAnswer>(SETTINGS, { ...opened.settings, ...changes, ...(revision === null ? {} : { revisionWhenLoaded: revision }) });
}

describe('a save against the revision it loaded', () => {
  it('is written and moves the revision on; a save that changes nothing leaves it', async () => {
    const opened = await openSettings();
    expect(opened.revision).toBeGreaterThanOrEqual(1);
    const saved = await saveFromScreen(opened, { tagline: 'Made by the harbour' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.revision).toBeGreaterThan(opened.revision);
    const now = await openSettings();
    expect(now.revision).toBe(saved.body.revision);
    expect(now.settings.tagline).toBe('Made by the harbour');

    const again = await saveFromScreen(now, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.revision).toBe(now.revision);
  });
});

describe('two Settings screens open at once', () => {
  it('refuses the second save whole, with the message, and keeps the first; saved again over the newer revision, both edits hold', async () => {
    const first = await openSettings();
    const second = await openSettings();

    const titled = await saveFromScreen(first, { siteTitle: 'Harbour Supply' });
    expect(titled.status, JSON.stringify(titled.body)).toBe(200);

    const before = await adminSnapshot(server.app.deps.store);
    const refused = await saveFromScreen(second, { taxRateBasisPoints: 887.5 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(ADMIN.server.settingsChanged);
    expect(refused.body.currentRevision).toBe(titled.body.revision);
    expect(await adminSnapshot(server.app.deps.store)).toBe(before);

    // the screen loads the newer settings and applies the owner's change to them
    const reloaded = await openSettings();
    const taxed = await saveFromScreen(reloaded, { taxRateBasisPoints: 887.5 });
    expect(taxed.status, JSON.stringify(taxed.body)).toBe(200);
    const now = await openSettings();
    expect([now.settings.siteTitle, now.settings.taxRateBasisPoints]).toEqual(['Harbour Supply', 887.5]);
  });

  it('accepts a save without a revision (a script written before revisions) over whatever is stored', async () => {
    const opened = await openSettings();
    expect((await saveFromScreen(opened, { tagline: 'Changed elsewhere' })).status).toBe(200);
    const script = await saveFromScreen(opened, { siteTitle: 'Scripted title' }, owner, null);
    expect(script.status, JSON.stringify(script.body)).toBe(200);
    // last write wins: the script's copy put the older tagline back
    expect([script.body.settings!.siteTitle, script.body.settings!.tagline]).toEqual(['Scripted title', opened.settings.tagline]);
  });

  it('refuses a screen opened before another write of its documents (any writer through the site repository)', async () => {
    const opened = await openSettings();
    const site = new SiteRepository(server.app.deps.store);
    await site.writeSetting('websiteSettings', { ...(await site.websiteSettings()), movedElsewhere: true });
    expect((await saveFromScreen(opened, { tagline: 'Over the other write' })).status).toBe(409);
  });
});

describe('two saves from one revision at the same moment', () => {
  // each save changes something: a save that leaves the settings as they are writes nothing and
  // refuses no one, so the values are never ones an earlier round left stored
  it('one is written and the other refused, through one server', async () => {
    for (let round = 0; round < 4; round++) {
      const [first, second] = [await openSettings(), await openSettings()];
      const answers = await Promise.all([
        saveFromScreen(first, { siteTitle: `One server, title from A ${round}` }), saveFromScreen(second, { tagline: `One server, tagline from B ${round}` }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const now = await openSettings();
      // the store holds the one save that was answered 200, whole
      if (answers[0].status === 200) expect([now.settings.siteTitle, now.settings.tagline]).toEqual([`One server, title from A ${round}`, first.settings.tagline]);
      else expect([now.settings.siteTitle, now.settings.tagline]).toEqual([first.settings.siteTitle, `One server, tagline from B ${round}`]);
    }
  });

  it('one is written and the other refused, through two servers on one store', async () => {
    const other = await startPlatformServer({ databasePath: server.databasePath });
    try {
      const elsewhere = await other.signInOwner();
      for (let round = 0; round < 4; round++) {
        const [first, second] = [await openSettings(), await openSettings(elsewhere)];
        expect(second.revision).toBe(first.revision);
        const answers = await Promise.all([
          saveFromScreen(first, { siteTitle: `Two servers, title from A ${round}` }),
          saveFromScreen(second, { tagline: `Two servers, tagline from B ${round}` }, elsewhere),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        const now = await openSettings();
        if (answers[0].status === 200) expect([now.settings.siteTitle, now.settings.tagline]).toEqual([`Two servers, title from A ${round}`, first.settings.tagline]);
        else expect([now.settings.siteTitle, now.settings.tagline]).toEqual([first.settings.siteTitle, `Two servers, tagline from B ${round}`]);
        expect(now.revision).toBe(first.revision + 1);
      }
    } finally {
      await other.stop();
    }
  });
});
