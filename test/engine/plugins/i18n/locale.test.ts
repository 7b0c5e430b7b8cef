import { expect, test } from 'vitest';
import { DEFAULT_LOCALE, cldrFor, hasLocaleData, normalizeLocale } from '../../../../engine/plugins/i18n/cldr.ts';
import { render } from './render.ts';

test('the default resolved locale is en-US', () => {
  expect(DEFAULT_LOCALE).toBe('en-US');
  expect(normalizeLocale(undefined)).toBe('en-US');
  expect(normalizeLocale(' ')).toBe('en-US');
  expect(normalizeLocale('fr_FR')).toBe('fr-FR');
  // Asked again (answered from the cache of tags), and more spellings.
  for (let round = 0; round < 2; round++) {
    expect(normalizeLocale(' ')).toBe('en-US');
    expect(normalizeLocale('')).toBe('en-US');
    expect(normalizeLocale(' de_DE ')).toBe('de-DE');
    expect(normalizeLocale('en_Latn_US')).toBe('en-Latn-US');
    expect(normalizeLocale('en-US')).toBe('en-US');
  }
  expect(cldrFor('').General.locale().tag.expanded()).toBe('en-Latn-US');
});

test('locales are cached and an unknown language falls back to en-US formatting', () => {
  expect(cldrFor('de-DE')).toBe(cldrFor('de-DE'));
  expect(render('{n|decimal}', { n: 1200.5 }, { locale: 'zz-ZZ' }).html).toBe('1,200.5');
  expect(render('{n|decimal}', { n: 1200.5 }, { locale: 'de_DE' }).html).toBe('1.200,5');
});

test('hasLocaleData tells a locale with formats of its own from one that renders as en-US', () => {
  for (const locale of ['en-US', '', 'de_DE', 'fr-XX', 'pt-br', 'en-GB']) expect(hasLocaleData(locale)).toBe(true);
  for (const locale of ['zz-ZZ', 'english', 'mt']) expect(hasLocaleData(locale)).toBe(false);
  // asked again after a render with it, which keeps the en-US formats under its name
  render('{n|decimal}', { n: 1 }, { locale: 'zz-ZZ' });
  expect(hasLocaleData('zz-ZZ')).toBe(false);
});
