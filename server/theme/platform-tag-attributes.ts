import { closestName } from '../../engine/index.ts';
import type { PlatformTagKind } from './platform-tags.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * The attributes each platform tag takes: those it cannot do without, then the others, as the
 * platform's documentation and the public templates write them (and the tag runner reads them).
 */
export const TAG_ATTRIBUTES: Readonly<Record<PlatformTagKind, { required: readonly string[]; optional: readonly string[] }>> = {
  navigation: { required: ['navigationId'], optional: ['template', 'title', 'description'] },
  'folder-navigation': { required: [], optional: ['template'] },
  query: { required: ['collection'], optional: ['limit', 'skip', 'featured', 'category', 'tag', 'template'] },
  'block-field': { required: ['id'], optional: ['columns', 'label', 'class', 'lock-layout'] },
  script: { required: ['src'], optional: ['combo'] },
  category: { required: ['collection'], optional: ['template'] },
  related: { required: ['collectionId', 'itemId'], optional: ['limit', 'template'] },
};

/** The attributes the tag reads as a count (`limit="3"`). */
const COUNT_ATTRIBUTES: Readonly<Partial<Record<PlatformTagKind, readonly string[]>>> = {
  query: ['limit', 'skip'],
  related: ['limit'],
  'block-field': ['columns'],
};

/** A count written on a tag (`limit="3"`), or null when it is no number of 0 or more, which the tag reads as unwritten. */
export function tagCount(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Each count written that is no number (`limit="abc"`, `skip="-3"`), which the tag takes as
 * unwritten without a word: every item, none skipped. A value made by an instruction
 * (`limit="{n}"`) is known only when the page renders.
 */
export function countTagAttributes(kind: PlatformTagKind, attributes: Readonly<Record<string, string>>): string[] {
  return (COUNT_ATTRIBUTES[kind] ?? [])
    .filter((name) => attributes[name] !== undefined && !attributes[name].includes('{') && tagCount(attributes[name]) === null)
    .map((name) => themeMessages.tagAttributeNotCount(kind, name, attributes[name]!));
}

/** The attribute a name written on the tag most likely meant, among those it takes. */
function meant(kind: PlatformTagKind, written: string): string | undefined {
  const { required, optional } = TAG_ATTRIBUTES[kind];
  return closestName(written, [...required, ...optional]);
}

/** The attributes written that the tag does not take. */
function unknownNames(kind: PlatformTagKind, attributes: Readonly<Record<string, string>>): string[] {
  const { required, optional } = TAG_ATTRIBUTES[kind];
  return Object.keys(attributes).filter((name) => !required.includes(name) && !optional.includes(name));
}

/**
 * Each attribute the tag cannot do without that is not written (or written empty), with the
 * unknown attribute written in its place when one is a slip of it (`collecton` for `collection`):
 * the tag then renders nothing, so it is an error wherever the tag stands.
 */
export function missingTagAttributes(kind: PlatformTagKind, attributes: Readonly<Record<string, string>>): string[] {
  const unknown = unknownNames(kind, attributes);
  return TAG_ATTRIBUTES[kind].required
    .filter((name) => (attributes[name] ?? '') === '')
    .map((name) => {
      const message = themeMessages.tagAttributeMissing(kind, name);
      const slip = unknown.find((written) => meant(kind, written) === name);
      return slip === undefined ? message : themeMessages.tagAttributeMisspelt(message, slip, name);
    });
}

/**
 * Each attribute written that the tag does not take, which it ignores without a word (`limt="2"`
 * keeps every item), with the one meant when it is a slip; one standing for an attribute the tag
 * cannot do without is that attribute's error (missingTagAttributes) instead.
 */
export function unknownTagAttributes(kind: PlatformTagKind, attributes: Readonly<Record<string, string>>): string[] {
  const { required } = TAG_ATTRIBUTES[kind];
  return unknownNames(kind, attributes).flatMap((written) => {
    const guess = meant(kind, written);
    if (guess !== undefined && required.includes(guess) && (attributes[guess] ?? '') === '') return [];
    const message = themeMessages.tagAttributeUnknown(kind, written);
    return [guess === undefined ? message : themeMessages.didYouMean(message, guess)];
  });
}
