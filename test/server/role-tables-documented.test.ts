/**
 * The role tables of the documentation say what each role may do: the platform's rights in
 * server/README.md and the admin's in server/admin/README.md. Each ✓ (and each blank) must be
 * what ROLE_PERMISSIONS grants, so staff are never told a role can do more, or less, than it can.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, ROLE_PERMISSIONS, type OwnerPermission } from '../../server/security/owner-permissions.ts';

interface RoleTable {
  permissions: OwnerPermission[];
  /** Each row's role codes (from "admin (1), website manager (15)") and its ticks, column by column. */
  rows: { codes: number[]; ticks: boolean[] }[];
}

function roleTable(file: string): RoleTable {
  const lines = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').split('\n');
  const head = lines.findIndex((line) => line.startsWith('| Role (code) |'));
  expect(head, `${file} has a role table`).toBeGreaterThan(-1);
  const cells = (line: string) => line.split('|').slice(1, -1).map((cell) => cell.trim());
  const permissions = cells(lines[head]!).slice(1) as OwnerPermission[];
  const rows = [];
  for (let i = head + 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const [roles, ...ticks] = cells(lines[i]!);
    rows.push({ codes: [...roles!.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1])), ticks: ticks.map((tick) => tick === '✓') });
  }
  return { permissions, rows };
}

describe.each(['server/README.md', 'server/admin/README.md'])('the role table of %s', (file) => {
  const table = roleTable(file);

  it('names rights the server has', () => {
    const known = new Set(Object.values(ROLE_PERMISSIONS).flat());
    for (const permission of table.permissions) expect(known.has(permission) || permission === 'staff.manage', permission).toBe(true);
  });

  it('ticks exactly what each role numbered in it is granted', () => {
    for (const row of table.rows) {
      for (const code of row.codes) {
        const granted = table.permissions.map((permission) => (ROLE_PERMISSIONS[code] ?? []).includes(permission));
        expect(granted, `${file}: role ${code}`).toEqual(row.ticks);
      }
    }
  });

  it('leaves every role it does not number without any of its rights', () => {
    const numbered = new Set(table.rows.flatMap((row) => row.codes));
    for (const [name, code] of Object.entries(CONTRIBUTOR_ROLES)) {
      if (numbered.has(code)) continue;
      const granted = table.permissions.filter((permission) => (ROLE_PERMISSIONS[code] ?? []).includes(permission));
      expect(granted, `${file}: ${name} (${code}) is granted rights the table does not show`).toEqual([]);
    }
  });
});
