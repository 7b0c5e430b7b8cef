import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Cost parameters; stored with each hash so they can be raised later without breaking old ones. */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

function encode(salt: Buffer, key: Buffer): string {
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** "scrypt$N$r$p$salt$hash" with base64 salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return encode(salt, await derive(password, salt, COST));
}

/** The same hash computed synchronously, for the one-off owner account at start-up. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return encode(salt, scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { ...COST, maxmem: 64 * 1024 * 1024 }));
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/** A password a person can type, for the generated owner account (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
