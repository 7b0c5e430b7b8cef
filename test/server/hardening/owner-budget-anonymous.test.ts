/**
 * The owner's write budget (ownerWrite, per address) is spent only by calls that pass the role's
 * check: anonymous or forbidden calls are refused first. Counted before the check, sixty anonymous
 * 401s from the owner's address (an office's NAT, a café's Wi-Fi, every client behind a proxy when
 * TRUST_PROXY is unset) stopped every save of the owner's for the rest of the minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, UNTHROTTLED, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

const BUDGET = 3;
let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  server = await startPlatformServer({ rateLimits: { ...UNTHROTTLED, ownerWrite: BUDGET } });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

describe("the owner's write budget", () => {
  it('is not spent by anonymous calls from the same address, which are refused as such', async () => {
    const stranger = await new Visitor(server.url).start();
    for (let i = 0; i < BUDGET * 3; i += 1) {
      expect((await stranger.post('/api/admin/discount-codes', { code: `NOPE-${i}` })).status).toBe(401);
    }
    const settings = await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings');
    const { currencies: _list, ...current } = settings.body as unknown as { settings: Record<string, unknown>; currencies: unknown };
    const saved = await owner.put('/api/admin/settings', current.settings);
    expect(saved.status, saved.text).toBe(200);
  });

  it('is still spent by the signed-in owner, up to its limit', async () => {
    const statuses: number[] = [];
    const { settings } = (await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body;
    for (let i = 0; i < BUDGET + 1; i += 1) statuses.push((await owner.put('/api/admin/settings', settings)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
