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

const recordTypeOf = (item: unknown): number => intOf(asRecord(item)?.recordType);
const promotedTypeOf = (item: unknown): string => textOf(asRecord(item)?.promotedBlockType);

function buildRecordTypePredicates(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {};

  for (const name of PLAIN_RECORD_TYPES) {
    const code = RecordType[name];
    table[`${name}?`] = { test: (value) => recordTypeOf(value) === code };
  }

  for (const [predicate, name, promoted] of PROMOTED_RECORD_TYPES) {
    const code = RecordType[name];
    table[predicate] = { test: (value) => recordTypeOf(value) === code || promotedTypeOf(value) === promoted };
  }

  for (const promoted of PROMOTED_BLOCK_TYPES) {
    table[`promoted${promoted.toUpperCase()}?`] = { test: (value) => promotedTypeOf(value) === promoted };
  }

  for (const [name, code] of Object.entries(BackgroundSource)) {
    table[`background-source-${name}?`] = {
      test: (value) => intOf(asRecord(value)?.backgroundSource) === code,
    };
  }
  return table;
}

export const recordTypePredicates: Readonly<Record<string, Predicate>> = buildRecordTypePredicates();
