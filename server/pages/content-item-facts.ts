/**
 * What a content item (a lesson, a post) carries besides its text, read from its stored data as
 * the platform gives it to templates: its categories, its tags and its author.
 */
import { stringsOf } from '../db/json-column.ts';

type Json = Record<string, unknown>;

/** The item's names of one kind (`categories`, `tags`): its stored strings, [] when it has none. */
export function itemNames(data: Json, kind: 'categories' | 'tags'): string[] {
  return stringsOf(data[kind]);
}

/**
 * Whether two items share a category or a tag (without regard to case, as the list filters
 * compare them): what makes them related posts on the platform.
 */
export function shareCategoryOrTag(a: Json, b: Json): boolean {
  const names = (data: Json): string[] => [...itemNames(data, 'categories'), ...itemNames(data, 'tags')].map((name) => name.toLowerCase());
  const ofA = new Set(names(a));
  return names(b).some((name) => ofA.has(name));
}

/** The author fields templates print (`{author.displayName}`, `{.if firstName || lastName}`, `bio`). */
const AUTHOR_TEXTS = ['displayName', 'firstName', 'lastName', 'bio'] as const;

/**
 * The item's author as the platform gives it (`item.author`, with `item.authorId`): the stored
 * `data.author` with an id and a display name, its text fields only; null when it has none.
 */
export function itemAuthor(data: Json): Json | null {
  const stored = data.author;
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const { id, displayName } = stored as Json;
  if (typeof id !== 'string' || id === '' || typeof displayName !== 'string' || displayName === '') return null;
  const author: Json = { id };
  for (const key of AUTHOR_TEXTS) {
    const value = (stored as Json)[key];
    if (typeof value === 'string') author[key] = value;
  }
  return author;
}

export interface ItemFacts {
  categories: string[];
  tags: string[];
  authorId?: string;
  author?: Json;
}

/** The item fields these facts give: `categories`, `tags`, and `author` with `authorId` when it has one. */
export function itemFacts(data: Json): ItemFacts {
  const author = itemAuthor(data);
  return {
    categories: itemNames(data, 'categories'),
    tags: itemNames(data, 'tags'),
    ...(author !== null ? { authorId: author.id as string, author } : {}),
  };
}
