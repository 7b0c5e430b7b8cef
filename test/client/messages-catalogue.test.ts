/**
 * Every language of the storefront catalogue is complete: each English key of each translated
 * group is there, with the same shape (a text, a list of as many, a function whose answer keeps
 * every value it is given, a link to the same place), so no shopper reads an English word or
 * loses a name or a number in a German, French, Spanish, Italian or Dutch store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as Messages from '../../client/lib/messages.ts';
import { TRANSLATIONS } from '../../client/lib/messages/translations.ts';
import { catalogueLanguage, adoptPageLanguage } from '../../client/lib/language.ts';

const GROUPS = Object.keys(TRANSLATIONS.de) as Array<keyof typeof TRANSLATIONS.de>;

/** What a function is called with: markers it must pass on, or the values a few need. */
function argumentsFor(group: string, key: string, arity: number): unknown[] {
  if (key === 'notEnoughLeft') return [[{ productName: 'ARG0', variantLabel: 'ARG1', left: 7 }, { productName: 'ARG2', variantLabel: '', left: 0 }]];
  if (key === 'billingInterval') return [7, 'MONTH'];
  return Array.from({ length: arity }, (_, index) => `ARG${index}`);
}

const text = (value: unknown): string => (Array.isArray(value) ? value.join('\n') : String(value));
const markers = (value: string): string[] => [...value.matchAll(/ARG\d|\b7\b|\{\w+\}|href="[^"]*"/g)].map((match) => match[0]).sort();

function compare(path: string, english: unknown, translated: unknown): void {
  // numbers (INSTALMENTS.defaultCount) are no language's
  if (typeof english === 'number') return;
  expect(translated, `${path} is missing`).not.toBeUndefined();
  if (typeof english === 'function') {
    expect(typeof translated, path).toBe('function');
    const [group, key] = path.split('.');
    const args = argumentsFor(group!, key!, english.length);
    const expected = markers(text(english(...args)));
    expect(markers(text((translated as (...a: unknown[]) => unknown)(...args))), path).toEqual(expected);
    return;
  }
  if (typeof english === 'string') {
    expect(typeof translated, path).toBe('string');
    expect((translated as string).trim(), `${path} is empty`).not.toBe('');
    expect(markers(translated as string), path).toEqual(markers(english));
    return;
  }
  if (Array.isArray(english)) {
    expect(Array.isArray(translated), path).toBe(true);
    expect((translated as unknown[]).length, path).toBe(english.length);
  }
  for (const key of Object.keys(english as object)) {
    // spoken names are keyed by each language's own part labels
    if (path.startsWith('FIELD_PART_SPOKEN_NAMES.')) continue;
    compare(`${path}.${key}`, (english as Record<string, unknown>)[key], (translated as Record<string, unknown>)[key]);
  }
}

afterEach(() => adoptPageLanguage('en'));

describe.each(Object.keys(TRANSLATIONS) as Array<keyof typeof TRANSLATIONS>)('the %s catalogue', (language) => {
  it('has every English key of every group, with the same values passed on', () => {
    adoptPageLanguage('en');
    for (const group of GROUPS) {
      const english = (Messages as Record<string, unknown>)[group];
      expect(english, group).toBeDefined();
      compare(group, english, TRANSLATIONS[language][group]);
    }
  });

  it('names a spoken name for each part label it shows', () => {
    const parts = TRANSLATIONS[language].FIELD_PARTS;
    const spoken = TRANSLATIONS[language].FIELD_PART_SPOKEN_NAMES;
    for (const label of [...parts.date, parts.time[0]]) expect(Object.keys({ ...spoken.date, ...spoken.time }), label).toContain(label);
  });

  it('is what the catalogue answers once the page is in that language', () => {
    adoptPageLanguage(`${language}-XX`);
    expect(Messages.CHECKOUT.placeOrder).toBe(TRANSLATIONS[language].CHECKOUT.placeOrder);
    expect(Messages.CHECKOUT.placeOrder).not.toBe('Place order');
    expect(Messages.selectOptionsMessage(['Size'])).toBe(TRANSLATIONS[language].SENTENCES.selectOneOption('Size'));
  });
});

describe('the catalogue language of a locale', () => {
  it('is its language part when translated, English otherwise', () => {
    expect(catalogueLanguage('de-AT')).toBe('de');
    expect(catalogueLanguage('de_CH')).toBe('de');
    expect(catalogueLanguage('fr-CA')).toBe('fr');
    expect(catalogueLanguage('nl')).toBe('nl');
    expect(catalogueLanguage('pt-BR')).toBe('en');
    expect(catalogueLanguage(undefined)).toBe('en');
  });

  it('leaves the English words as they were', () => {
    adoptPageLanguage('en-GB');
    expect(Messages.BUTTON.addToCart).toBe('Add to Cart');
    expect(Messages.CHECKOUT.placeOrder).toBe('Place order');
    expect(Messages.selectOptionsMessage(['Size', 'Color'])).toBe('Please select the Size and Color options.');
  });
});

describe('a message the server answered in English', () => {
  it('is shown in the page\'s language when the catalogue knows it, as it came otherwise', async () => {
    const { knownMessageNow } = await import('../../client/lib/translated.ts');
    adoptPageLanguage('de-DE');
    expect(knownMessageNow('Sorry, that item variant is unavailable. Please select another variant.')).toBe(TRANSLATIONS.de.ADD_TO_CART.variantUnavailable);
    expect(knownMessageNow('Something only the server says.')).toBe('Something only the server says.');
    adoptPageLanguage('en-US');
    expect(knownMessageNow('Sorry, that item variant is unavailable. Please select another variant.')).toBe('Sorry, that item variant is unavailable. Please select another variant.');
  });
});

describe('a schema made when its module loads', () => {
  it('refuses in the language of the moment it refuses, not of the moment it was made', async () => {
    const { newsletterPayloadSchema } = await import('../../client/lib/validation.ts');
    adoptPageLanguage('de-DE');
    const refused = newsletterPayloadSchema.safeParse({ email: 'not an address' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TRANSLATIONS.de.NEWSLETTER.emailInvalid);
    adoptPageLanguage('en-US');
    expect(newsletterPayloadSchema.safeParse({ email: 'not an address' }).error?.issues[0]?.message).toBe('Please enter a valid email');
  });
});
