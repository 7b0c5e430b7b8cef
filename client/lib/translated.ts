/**
 * A catalogue group whose words follow the current language: read like the English object it wraps
 * (`CART.subtotal`), it answers with the current language's translation of that key, or the English
 * when the language is English (or, as a last resort, lacks the key). Callers stay unchanged.
 */
import { currentLanguage, type CatalogueLanguage } from './language.ts';

/** A group's shape with its literal English texts widened to any text (a translation's type). */
export type Widened<T> = T extends string ? string
  : T extends number ? number
    : T extends (...args: infer A) => infer R ? (...args: A) => Widened<R>
      : T extends object ? { readonly [K in keyof T]: Widened<T[K]> }
        : T;

/** What a language gives for a group: every key of it (numbers, which no language changes, excepted). */
export type Translation<T> = { readonly [K in keyof T as T[K] extends number ? never : K]: Widened<T[K]> };

type Table = object;

const tables = new Map<CatalogueLanguage, Readonly<Record<string, Table>>>();

/** A language's translations, by group name (client/lib/messages/*.ts). */
export function registerTranslations(language: CatalogueLanguage, groups: Readonly<Record<string, Table>>): void {
  tables.set(language, groups);
}

/** Each group's English, beside the group as read (for knownMessageNow). */
const groups: Array<{ english: object; read: object }> = [];

/**
 * A message the server answered in English (a call's message of the specification, which its
 * JSON keeps in English) in the current language, where the catalogue knows it; else as it came.
 */
export function knownMessageNow(message: string): string {
  if (currentLanguage() === 'en') return message;
  for (const { english, read } of groups) {
    for (const [key, value] of Object.entries(english)) {
      if (value === message) return (read as Record<string, string>)[key] ?? message;
    }
  }
  return message;
}

export function translated<T extends object>(group: string, english: T): Widened<T> {
  const read = new Proxy(english, {
    get(target, key, receiver) {
      const language = currentLanguage();
      if (language !== 'en' && typeof key === 'string') {
        const table = tables.get(language)?.[group];
        if (table !== undefined && Object.hasOwn(table, key)) return (table as Record<string, unknown>)[key];
      }
      return Reflect.get(target, key, receiver);
    },
  });
  groups.push({ english, read });
  return read as Widened<T>;
}
