import { Router, type Request } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { shopperEmailSchema } from '../../client/lib/validation.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import type { AppDeps } from '../deps.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { staffInvitationEmail } from '../email/password-reset-email.ts';
import { StaffRepository, type StaffMember } from '../db/staff-repository.ts';
import { PasswordResetRepository } from '../db/password-reset-repository.ts';
import { isUniqueViolation, type StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { platformMessages } from '../platform-messages.ts';
import { CONTRIBUTOR_ROLES } from '../security/owner-permissions.ts';
import { requireOwner } from '../security/owner-auth.ts';
import { canEmailPasswordLinks, INVITATION_LINK_DAYS, issuePasswordLink } from '../security/password-links.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import { createSiteUserAccount } from '../security/site-user-accounts.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { signedInUser } from './admin-actor.ts';
import { fieldError, parseAdminInput, recordId } from './admin-validation.ts';

export const ADMIN_STAFF = '/api/admin/staff';

/** The roles the admin offers for its staff (the others belong to parts of the platform the store does not have). */
export const STAFF_ROLES = [
  CONTRIBUTOR_ROLES.admin, CONTRIBUTOR_ROLES.storeManager, CONTRIBUTOR_ROLES.editor, CONTRIBUTOR_ROLES.viewer, CONTRIBUTOR_ROLES.billing,
] as const;

/** The staff roles by the names the admin's README gives them, for scripts that send a name rather than its code. */
export const STAFF_ROLE_NAMES: ReadonlyMap<string, number> = new Map([
  ['admin', CONTRIBUTOR_ROLES.admin],
  ['store-manager', CONTRIBUTOR_ROLES.storeManager],
  ['editor', CONTRIBUTOR_ROLES.editor],
  ['viewer', CONTRIBUTOR_ROLES.viewer],
  ['billing', CONTRIBUTOR_ROLES.billing],
]);

/** A role by its code (what the staff list reads) or its name; either way one the admin offers. */
const roleSchema = z.union([z.number(), z.string()], { error: ADMIN.server.notAnOption }).transform((value, context): number => {
  const role = typeof value === 'number' ? value : STAFF_ROLE_NAMES.get(value);
  if (role === undefined || !(STAFF_ROLES as readonly number[]).includes(role)) {
    context.addIssue({ code: 'custom', message: ADMIN.server.notAnOption });
    return z.NEVER;
  }
  return role;
});
const newMember = z.object({ email: shopperEmailSchema(ADMIN.server.notAnEmail), role: roleSchema }).strict();
const roleChange = z.object({ role: roleSchema }).strict();
const memberParams = z.object({ memberId: recordId });

/** The staff as the screen lists them: `you` marks the signed-in admin's own account. */
function shown(member: StaffMember, req: Request) {
  return { ...member, you: member.id === signedInUser(req).siteUserId };
}

/**
 * The store's staff, for its admins: list, add (an account whose owner chooses a password from an
 * emailed invitation, or, on a store without a mail server, with a generated password shown once), give a member who forgot theirs a new generated one (their sessions end), change a role,
 * remove (the account and its sessions). An admin cannot change their own
 * role or remove themselves, so the store always keeps an admin.
 */
export function createStaffCalls(deps: AppDeps): Router {
  const router = Router();
  const canManage = requireOwner(deps, 'staff.manage');
  const ownerWrite = createRateLimiter(deps, 'ownerWrite');

  /** The member the path names, refused when it is the signed-in admin. */
  async function otherMember(req: Request): Promise<StaffMember> {
    const { memberId } = parseAdminInput(memberParams, req.params);
    const member = await new StaffRepository(deps.store).findById(memberId);
    if (!member) throw new HttpError(404, ADMIN.server.staffNotFound);
    if (member.id === signedInUser(req).siteUserId) throw new HttpError(409, ADMIN.server.staffYourself);
    return member;
  }

  router.get(ADMIN_STAFF, canManage, async (req, res) => {
    const staff = await new StaffRepository(deps.store).list();
    res.json({ staff: staff.map((member) => shown(member, req)), roles: STAFF_ROLES });
  });

  router.post(ADMIN_STAFF, canManage, ownerWrite, async (req, res) => {
    const input = parseAdminInput(newMember, req.body);
    // any account, in any letter case (a shopper's too): a new member gets an account of their own
    if (await new SiteUserRepository(deps.store).findByEmail(input.email)) throw fieldError('email', ADMIN.server.staffEmailTaken);
    // with a mail server the member chooses their own password from an emailed link, and this
    // generated one is never shown; without one the admin passes it on
    const settings = canEmailPasswordLinks(deps) ? await readCheckoutSettings(deps.store) : null;
    const invite = settings !== null && settings.baseUrl !== '';
    const password = generatePassword();
    let account;
    try {
      account = await createSiteUserAccount(deps, { email: input.email, password, contributorRole: input.role });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', ADMIN.server.staffEmailTaken);
      throw error;
    }
    const member: StaffMember = { id: account.id, email: account.email, role: input.role, createdOn: account.createdOn };
    if (!invite) {
      res.status(201).json({ member: shown(member, req), password, message: fillMessage(ADMIN.staffAdded, { email: member.email }) });
      return;
    }
    const now = Date.now();
    const invitation = await deps.store.transaction(async (tx) => {
      const token = await issuePasswordLink(tx, member.id, now, INVITATION_LINK_DAYS * 24 * 60 * 60_000);
      const email = staffInvitationEmail({
        siteUserId: member.id, email: member.email, siteTitle: settings.siteTitle, baseUrl: settings.baseUrl, token,
        roleName: ADMIN.roleNames[input.role] ?? String(input.role), days: INVITATION_LINK_DAYS,
      });
      return new EmailOutboxRepository(tx).add(email, now);
    });
    deps.background.start(() => checkoutServices(deps).mailer.deliver(deps.store, invitation));
    res.status(201).json({ member: shown(member, req), message: fillMessage(ADMIN.staffInvited, { email: member.email, days: INVITATION_LINK_DAYS }) });
  });

  /**
   * Runs a change to another member's account once the signed-in admin is seen, with both rows
   * locked, to be an admin still: two admins demoting or removing each other at the same moment
   * would otherwise leave the store without one.
   */
  async function asAdmin(req: Request, member: StaffMember, change: (staff: StaffRepository, tx: StoreSession) => Promise<void>): Promise<void> {
    const adminId = signedInUser(req).siteUserId;
    await deps.store.transaction(async (tx) => {
      const staff = new StaffRepository(tx);
      const roles = await staff.lockRoles([adminId, member.id]);
      if (roles.get(adminId) !== CONTRIBUTOR_ROLES.admin) throw new HttpError(403, platformMessages.permissionDenied);
      if (!roles.has(member.id)) throw new HttpError(404, ADMIN.server.staffNotFound);
      await change(staff, tx);
    });
  }

  router.put(`${ADMIN_STAFF}/:memberId`, canManage, ownerWrite, async (req, res) => {
    const member = await otherMember(req);
    const { role } = parseAdminInput(roleChange, req.body);
    await asAdmin(req, member, (staff) => staff.setRole(member.id, role));
    res.json({ member: shown({ ...member, role }, req), message: ADMIN.roleChanged });
  });

  // a member who forgot their password, on a store that cannot email them a link
  router.post(`${ADMIN_STAFF}/:memberId/password`, canManage, ownerWrite, async (req, res) => {
    const member = await otherMember(req);
    const password = generatePassword();
    const hash = await hashPassword(password);
    await asAdmin(req, member, (_staff, tx) => new PasswordResetRepository(tx).setPassword(member.id, hash));
    res.json({ password, message: fillMessage(ADMIN.staffNewPassword, { email: member.email }) });
  });

  router.delete(`${ADMIN_STAFF}/:memberId`, canManage, ownerWrite, async (req, res) => {
    const member = await otherMember(req);
    await asAdmin(req, member, (staff) => staff.remove(member.id));
    res.json({ message: fillMessage(ADMIN.staffRemoved, { email: member.email }) });
  });

  return router;
}
