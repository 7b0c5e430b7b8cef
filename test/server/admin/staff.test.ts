/**
 * The store's admins add the people who work on it, each with their own sign-in and a role that
 * decides what they may do, change roles (at once) and remove them (signed out at once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

interface Member { id: string; email: string; role: number; you: boolean }

async function staff(): Promise<Member[]> {
  const answer = await owner.get<{ staff: Member[]; roles: number[] }>('/api/admin/staff');
  expect(answer.status, answer.text).toBe(200);
  return answer.body.staff;
}

describe('staff', () => {
  it("lists the store's accounts with a role, the admin's own marked", async () => {
    expect(await staff()).toEqual([expect.objectContaining({ email: OWNER_EMAIL, role: CONTRIBUTOR_ROLES.admin, you: true })]);
    const roles = (await owner.get<{ roles: number[] }>('/api/admin/staff')).body.roles;
    expect(roles).toEqual([1, 8, 4, 10, 2]);
    for (const role of roles) expect(ADMIN.roleNames[role]).toBeTruthy();
  });

  it('adds a store manager who signs in with the password shown once and runs orders, but not the staff', async () => {
    const added = await owner.post<{ member: Member; password: string; message: string }>('/api/admin/staff', { email: ' Packer@Example.com ', role: CONTRIBUTOR_ROLES.storeManager });
    expect(added.status, added.text).toBe(201);
    expect(added.body.member).toEqual(expect.objectContaining({ email: 'packer@example.com', role: CONTRIBUTOR_ROLES.storeManager, you: false }));
    expect(added.body.password.length).toBeGreaterThanOrEqual(16);
    expect(added.body.message).not.toContain(added.body.password); // shown on its own by the screen
    const packer = await new SiteUserVisitor(server.url).signIn('packer@example.com', added.body.password);
    expect((await packer.get('/api/admin/orders')).status).toBe(200);
    expect((await packer.put('/api/admin/settings', {})).status).toBe(400); // allowed: only the body is wrong
    expect((await packer.get('/api/admin/staff')).status).toBe(403);

    // a role change holds from the next request
    const changed = await owner.put<{ member: Member }>(`/api/admin/staff/${added.body.member.id}`, { role: CONTRIBUTOR_ROLES.viewer });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.member.role).toBe(CONTRIBUTOR_ROLES.viewer);
    expect((await packer.get('/api/admin/orders')).status).toBe(200);
    expect((await packer.put('/api/admin/settings', {})).status).toBe(403);

    // removed: signed out at once, and the email can be given to someone again
    const removed = await owner.delete<{ message: string }>(`/api/admin/staff/${added.body.member.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await packer.get('/api/admin/orders')).status).toBe(401);
    expect((await staff()).map((member) => member.email)).toEqual([OWNER_EMAIL]);
    const again = await owner.post<{ member: Member }>('/api/admin/staff', { email: 'packer@example.com', role: CONTRIBUTOR_ROLES.billing });
    expect(again.status, again.text).toBe(201);
    expect((await owner.delete(`/api/admin/staff/${again.body.member.id}`)).status).toBe(200);
  });

  it('takes a role by the name the README gives it as well as by its code', async () => {
    const added = await owner.post<{ member: Member }>('/api/admin/staff', { email: 'named-role@example.com', role: 'store-manager' });
    expect(added.status, added.text).toBe(201);
    expect(added.body.member.role).toBe(CONTRIBUTOR_ROLES.storeManager);
    for (const [name, code] of [['admin', CONTRIBUTOR_ROLES.admin], ['editor', CONTRIBUTOR_ROLES.editor], ['billing', CONTRIBUTOR_ROLES.billing], ['viewer', CONTRIBUTOR_ROLES.viewer]] as const) {
      const changed = await owner.put<{ member: Member }>(`/api/admin/staff/${added.body.member.id}`, { role: name });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body.member.role).toBe(code);
    }
    expect((await owner.delete(`/api/admin/staff/${added.body.member.id}`)).status).toBe(200);
  });

  it('gives a member who forgot theirs a new password: the old one and their sessions end', async () => {
    const added = await owner.post<{ member: Member; password: string }>('/api/admin/staff', { email: 'forgetful@example.com', role: CONTRIBUTOR_ROLES.viewer });
    expect(added.status, added.text).toBe(201);
    const member = await new SiteUserVisitor(server.url).signIn('forgetful@example.com', added.body.password);
    const renewed = await owner.post<{ password: string; message: string }>(`/api/admin/staff/${added.body.member.id}/password`, {});
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.password).not.toBe(added.body.password);
    expect(renewed.body.message).not.toContain(renewed.body.password);
    expect((await member.get('/api/admin/orders')).status).toBe(401);
    const refused = await new SiteUserVisitor(server.url).start().then((visitor) => visitor.post('/api/site-users/account/session', { email: 'forgetful@example.com', password: added.body.password }));
    expect(refused.status).toBe(401);
    const back = await new SiteUserVisitor(server.url).signIn('forgetful@example.com', renewed.body.password);
    expect((await back.get('/api/admin/orders')).status).toBe(200);
    expect((await owner.delete(`/api/admin/staff/${added.body.member.id}`)).status).toBe(200);
  });

  it("refuses an email an account already signs in with, a shopper's too", async () => {
    await server.signInShopper(); // shopper-1@example.com, this server's first shopper
    for (const email of [OWNER_EMAIL, 'shopper-1@example.com']) {
      const refused = await owner.post<{ fieldErrors: Record<string, string> }>('/api/admin/staff', { email, role: CONTRIBUTOR_ROLES.viewer });
      expect(refused.status, email).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ email: ADMIN.server.staffEmailTaken });
    }
  });

  it('keeps the admin: no one changes their own role or removes themselves', async () => {
    const me = (await staff()).find((member) => member.you)!;
    for (const answer of [await owner.put<{ message: string }>(`/api/admin/staff/${me.id}`, { role: CONTRIBUTOR_ROLES.viewer }), await owner.delete<{ message: string }>(`/api/admin/staff/${me.id}`)]) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(ADMIN.server.staffYourself);
    }
    expect((await staff()).find((member) => member.you)!.role).toBe(CONTRIBUTOR_ROLES.admin);
  });

  it('keeps an admin when two admins demote each other at the same moment', async () => {
    const added = await owner.post<{ member: Member; password: string }>('/api/admin/staff', { email: 'second-admin@example.com', role: CONTRIBUTOR_ROLES.admin });
    const second = await new SiteUserVisitor(server.url).signIn('second-admin@example.com', added.body.password);
    const me = (await staff()).find((member) => member.you)!;
    const [first, other] = await Promise.all([
      owner.put(`/api/admin/staff/${added.body.member.id}`, { role: CONTRIBUTOR_ROLES.viewer }),
      second.put(`/api/admin/staff/${me.id}`, { role: CONTRIBUTOR_ROLES.viewer }),
    ]);
    expect([first.status, other.status].sort()).toEqual([200, 403]);
    const admins = (await server.app.deps.store.all<{ id: string }>('SELECT id FROM site_users WHERE contributor_role = 1'));
    expect(admins).toHaveLength(1);
    // back as it was for the tests after: the owner an admin, the second account gone
    if (first.status !== 200) await server.app.deps.store.run('UPDATE site_users SET contributor_role = 1 WHERE id = ?', [me.id]);
    expect((await owner.delete(`/api/admin/staff/${added.body.member.id}`)).status).toBe(200);
  });

  it('lets a second admin manage the staff too; removed, they are signed out at once', async () => {
    const added = await owner.post<{ member: Member; password: string }>('/api/admin/staff', { email: 'manager@example.com', role: CONTRIBUTOR_ROLES.admin });
    expect(added.status).toBe(201);
    const manager = await new SiteUserVisitor(server.url).signIn('manager@example.com', added.body.password);
    expect((await manager.get('/api/admin/staff')).status).toBe(200);
    expect((await owner.delete(`/api/admin/staff/${added.body.member.id}`)).status).toBe(200);
    expect((await manager.get('/api/admin/staff')).status).toBe(401);
  });
});
