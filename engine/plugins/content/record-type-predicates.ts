/**
 * Predicates on an item's kind: one per record type (`text?`, `store-item?`…),
 * the promoted-block forms that also accept an item promoted as that block
 * (`video?`, `image?`…), one per promoted block type (`promotedVIDEO?`…) and
 * one per background source (`background-source-video?`…).
 */
import { asRecord } from '../../runtime/values.ts';
import type { Predicate } from '../types.ts';
import { BackgroundSource, PROMOTED_BLOCK_TYPES, RecordType } from '../enums.ts';
import { intOf, textOf } from '../core/node-coercion.ts';
import { wholeNumberOf } from '../core/quick-coercion.ts';

/** Record types with a plain `<name>?` predicate: the references' list, minus the promoted forms below. */
const PLAIN_RECORD_TYPES = [
  'undefined',
  'text',
  'audio',
  'store-item',
  'event',
  'binary',
  'css-asset',
  'tweak-asset',
  'digital-good',
  'attachment',
  'wordpress-export',
  'json-export',
  'site-search',
  'active-time',
  'tweet',
  'checkin',
  'kbarticle',
] as const satisfies readonly (keyof typeof RecordType)[];

/** Predicate name, record type, and the promoted block type that also satisfies it. */
const PROMOTED_RECORD_TYPES = [
  ['external-video?', 'video', 'video'],
  ['video?', 'video', 'video'],
  ['image?', 'image', 'image'],
  ['quote?', 'quote', 'quote'],
  ['link?', 'link', 'link'],
  ['gallery?', 'gallery', 'gallery'],
] as const satisfies readonly (readonly [string, keyof typeof RecordType, string])[];

// These run for every item of a list (`{.video?}` in a gallery's loop): the quick reads of
// quick-coercion.ts, and text compared as itself before it is converted.
const recordTypeOf = (item: unknown): number => wholeNumberOf(asRecord(item)?.recordType);
function promotedTypeIs(item: unknown, promoted: string): boolean {
  const type = asRecord(item)?.promotedBlockType;
  if (type === undefined || typeof type === 'string') return type === promoted;
  return textOf(type) === promoted;
}

function buildRecordTypePredicates(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {};

  for (const name of PLAIN_RECORD_TYPES) {
    const code = RecordType[name];
    table[`${name}?`] = { test: (value) => recordTypeOf(value) === code };
  }

  for (const [predicate, name, promoted] of PROMOTED_RECORD_TYPES) {
    const code = RecordType[name];
    table[predicate] = { test: (value) => recordTypeOf(value) === code || promotedTypeIs(value, promoted) };
  }

  for (const promoted of PROMOTED_BLOCK_TYPES) {
    table[`promoted${promoted.toUpperCase()}?`] = { test: (value) => promotedTypeIs(value, promoted) };
  }

  for (const [name, code] of Object.entries(BackgroundSource)) {
    table[`background-source-${name}?`] = {
      test: (value) => intOf(asRecord(value)?.backgroundSource) === code,
    };
  }
  return table;
}

export const recordTypePredicates: Readonly<Record<string, Predicate>> = buildRecordTypePredicates();
