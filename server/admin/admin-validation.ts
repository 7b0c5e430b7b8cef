import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { issuesToTell } from '../security/integer-range-issues.ts';

/** Field path as the admin screens name their inputs: "variants.0.priceCents". */
function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '_' : path.map(String).join('.');
}

/**
 * Parses what an admin screen sends. A failure answers 400 with `fieldErrors` (the first problem
 * of each field, keyed by its path) so the screen shows each next to its input.
 */
export function parseAdminInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const checked = checkAdminInput(schema, input);
  if (checked.ok) return checked.value;
  throw new HttpError(400, ADMIN.server.invalidInput, { fieldErrors: checked.fieldErrors });
}

/** The same check without the answer: the value, or the first problem of each field keyed by its path (an import reports them by row). */
export function checkAdminInput<Schema extends z.ZodType>(schema: Schema, input: unknown):
  { ok: true; value: z.output<Schema> } | { ok: false; fieldErrors: Record<string, string> } {
  const result = schema.safeParse(input, { error: ownerMessage });
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: Record<string, string> = {};
  // a field's own bound, not zod's safe-integer range: offset=1e20 is told the list's real maximum
  for (const issue of issuesToTell(result.error.issues)) {
    const name = fieldName(issue.path);
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

const count = (value: unknown): string => (typeof value === 'number' || typeof value === 'bigint' ? value.toLocaleString('en-US') : String(value));

/**
 * The owner's words for a field that breaks a general rule (empty, too long, not a number…), in
 * place of the validation library's own ("Too small: expected string to have >=1 characters").
 * A schema's own message for a field still wins over these.
 */
function ownerMessage(issue: z.core.$ZodRawIssue): string {
  const server = ADMIN.server;
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? server.required : fillMessage(server.tooShort, { min: count(min) });
      if (issue.origin === 'array' || issue.origin === 'set') return fillMessage(server.tooFew, { min: count(min) });
      return fillMessage(server.atLeast, { min: count(issue.minimum) });
    }
    case 'too_big': {
      if (issue.origin === 'string') return fillMessage(server.tooLong, { max: count(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return fillMessage(server.tooMany, { max: count(issue.maximum) });
      return fillMessage(server.atMost, { max: count(issue.maximum) });
    }
    case 'invalid_type':
      if (issue.expected === 'int') return server.notAWholeNumber;
      if (issue.expected === 'number') return server.notANumber;
      if (issue.input === undefined || issue.input === null) return server.required;
      return server.notValid;
    case 'invalid_value':
      return server.notAnOption;
    default:
      return server.notValid;
  }
}

/** A 400 about one field, for checks that need the database (a SKU already taken…). */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, ADMIN.server.invalidInput, { fieldErrors: { [field]: message } });
}

/** Text an owner types: no NUL characters (PostgreSQL text cannot hold them), at most `max` long. */
export function ownerText(max: number) {
  return z.string().max(max).refine((value) => !value.includes('\u0000'), { error: ADMIN.server.controlCharacter });
}

/**
 * C0 and C1 control characters (line breaks, tabs, NUL) and the bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which can make a one-line field read otherwise.
 */
const NOT_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** A one-line field an owner types (a title, an address line, a rate's name): {@link ownerText} without line breaks, other controls or text-direction overrides. */
export function oneLineText(max: number) {
  return z.string().max(max).refine(isOneLine, { error: ADMIN.server.oneLine });
}

export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** A record id in a path or body: the platform's ids are short runs of letters, digits, - and _. */
export const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: ADMIN.server.notAnId });

/** One page of an admin list: `limit` rows from `offset` (the screens ask for fifty at a time). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
