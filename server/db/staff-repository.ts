import { forUpdate, placeholders, type StoreSession } from './store.ts';

/** An account with a contributor role: someone who works on the store. */
export interface StaffMember {
  id: string;
  email: string;
  role: number;
  createdOn: number;
}

interface StaffRow {
  id: string;
  email: string;
  contributor_role: number;
  created_on: number;
}

function memberOf(row: StaffRow): StaffMember {
  return { id: row.id, email: row.email, role: Number(row.contributor_role), createdOn: Number(row.created_on) };
}

/**
 * The store's staff: accounts with a role, who may use the admin as their role allows. New
 * accounts are made as every account is (createSiteUserAccount).
 */
export class StaffRepository {
  constructor(private readonly session: StoreSession) {}

  async list(): Promise<StaffMember[]> {
    const rows = await this.session.all<StaffRow>(
      'SELECT id, email, contributor_role, created_on FROM site_users WHERE contributor_role IS NOT NULL ORDER BY created_on, rowid',
    );
    return rows.map(memberOf);
  }

  async findById(id: string): Promise<StaffMember | undefined> {
    const row = await this.session.get<StaffRow>(
      'SELECT id, email, contributor_role, created_on FROM site_users WHERE id = ? AND contributor_role IS NOT NULL',
      [id],
    );
    return row ? memberOf(row) : undefined;
  }

  /**
   * The roles of these accounts, their rows locked until the transaction ends (in id order, so two
   * transactions locking the same pair cannot wait on each other). Call inside a transaction.
   */
  async lockRoles(ids: readonly string[]): Promise<Map<string, number | null>> {
    const sorted = [...new Set(ids)].sort();
    const rows = await this.session.all<{ id: string; contributor_role: number | null }>(
      `SELECT id, contributor_role FROM site_users WHERE id IN (${placeholders(sorted.length)}) ORDER BY id${forUpdate(this.session)}`,
      sorted,
    );
    return new Map(rows.map((row) => [row.id, row.contributor_role === null ? null : Number(row.contributor_role)]));
  }

  /** A new role; it holds from the member's next request, as every call reads the role again. */
  async setRole(id: string, role: number): Promise<void> {
    await this.session.run('UPDATE site_users SET contributor_role = ? WHERE id = ?', [role, id]);
  }

  /** Ends a member's access: the account and its sessions are deleted (their past actions keep their email). */
  async remove(id: string): Promise<void> {
    await this.session.run('DELETE FROM site_user_sessions WHERE site_user_id = ?', [id]);
    await this.session.run('DELETE FROM site_users WHERE id = ?', [id]);
  }
}
