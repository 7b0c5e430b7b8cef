/** Reference of the i18n plugins (engine/plugins/i18n): locale-aware dates, numbers, money and messages. */
import { EXAMPLE_NOW } from './date.ts';
import type { DomainReference } from './types.ts';

const STOCKHOLM = { timeZone: 'Europe/Stockholm' };

export const i18nReference: DomainReference = {
  domain: 'i18n',
  title: 'Internationalisation',
  intro:
    'Formatting by the render\'s locale (`--locale`, en-US by default) with Unicode CLDR data. ' +
    'Options are written `name:value` (`style:short`, `date:long`); money values are objects `{"decimalValue": "12.50", "currencyCode": "EUR"}` ' +
    '(or `{"value", "currency"}`), and dates are epoch milliseconds shown in `website.timeZone`.',
  formatters: {
    datetime: {
      args: '[date:WIDTH] [time:WIDTH] [SKELETON] [calendar:NAME]',
      summary: 'Formats an instant in the locale\'s own style: widths `short`, `medium`, `long`, `full`, or a CLDR skeleton such as `yMMMd`.',
      examples: [
        { template: '{publishOn|datetime date:long time:short}', data: { website: STOCKHOLM, publishOn: EXAMPLE_NOW }, output: 'November 14, 2023 at 11:13\u202fPM', note: 'CLDR writes a narrow no-break space (U+202F) before PM.' },
        { template: '{publishOn|datetime date:full}', data: { website: STOCKHOLM, publishOn: EXAMPLE_NOW }, locale: 'fr-FR', output: 'mardi 14 novembre 2023' },
      ],
    },
    'datetime-interval': {
      args: '[SKELETON]',
      summary: 'Formats the interval between two instants (`{start,end|datetime-interval}`) as briefly as the locale allows.',
      examples: [
        { template: '{startDate,endDate|datetime-interval}', data: { website: STOCKHOLM, startDate: EXAMPLE_NOW, endDate: EXAMPLE_NOW + 3 * 86_400_000 }, output: 'Nov 14\u2009–\u200917, 2023', note: 'CLDR puts thin spaces (U+2009) around the dash.' },
      ],
    },
    datetimefield: {
      args: '',
      summary: 'Deprecated: kept so old templates compile; writes nothing.',
      examples: [{ template: '[{publishOn|datetimefield}]', data: { publishOn: EXAMPLE_NOW }, output: '[]' }],
    },
    decimal: {
      args: '[style:STYLE] [group|no-group] [minFrac:N] [maxFrac:N] [minSig:N] [maxSig:N] [round:MODE]',
      summary: 'Formats a number for the locale: grouping, fraction digits, and the styles `short`/`long` (compact), `percent`, `scientific`.',
      examples: [
        { template: '{n|decimal} · {n|decimal style:short} · {n|decimal maxFrac:0}', data: { n: '1234567.891' }, output: '1,234,567.891 · 1.2M · 1,234,568' },
        { template: '{n|decimal}', data: { n: '1234567.891' }, locale: 'de-DE', output: '1.234.567,891' },
      ],
    },
    'i18n-money-format': {
      args: '[LOCALE]',
      summary: 'The platform\'s older money format for a locale written as `de_DE` (default `en_US`, whatever the render\'s locale); a space separates only symbols made of letters (`kr`, `A$`).',
      examples: [{ template: '{price|i18n-money-format de_DE}', data: { price: { decimalValue: '1234.5', currencyCode: 'EUR' } }, output: '1.234,50€' }],
    },
    message: {
      args: '[VARIABLE…] [NAME:VARIABLE…]',
      summary: 'Fills an ICU-style message (`{0}`, `{name}`, `{0 plural one {…} other {…}}`, `{0 select …}`) with the values of variables, positional or named.',
      examples: [
        { template: '{labels.cart|message count}', data: { labels: { cart: '{0 plural one {# item} other {# items}} in your cart' }, count: 3 }, output: '3 items in your cart' },
        { template: '{labels.hello|message name:user.first}', data: { labels: { hello: 'Hello, {name}!' }, user: { first: 'Ada' } }, output: 'Hello, Ada!' },
      ],
    },
    money: {
      args: '[style:STYLE] [symbol:narrow] [group|no-group] [minFrac:N] [maxFrac:N]',
      summary: 'Formats a money object in the locale\'s currency format; styles `symbol` (default), `accounting`, `code`, `name`, `short`.',
      examples: [
        { template: '{price|money}', data: { price: { decimalValue: '1234.5', currencyCode: 'USD' } }, output: '$1,234.50' },
        { template: '{price|money style:code}', data: { price: { decimalValue: '1234.5', currencyCode: 'EUR' } }, locale: 'de-DE', output: '1.234,50 EUR' },
        { template: '{price|money} · {price|money symbol:narrow}', data: { price: { decimalValue: '5', currencyCode: 'CAD' } }, output: 'CA$5.00 · $5.00' },
      ],
    },
    'money-format': {
      args: '',
      summary: 'Legacy: an amount in cents written as a plain decimal in US notation (`12345` gives `123.45`).',
      examples: [{ template: '{subtotalCents|money-format}', data: { subtotalCents: 123456 }, output: '1,234.56' }],
    },
    moneyFormat: {
      args: '',
      summary: 'The same as `money-format`, under its older name.',
      examples: [{ template: '{price|moneyFormat}', data: { price: 999 }, output: '9.99' }],
    },
    'money-string': {
      args: '',
      summary: 'Legacy: like `money-format`, wrapped in the platform\'s `sqs-money-native` span.',
      examples: [{ template: '{price|money-string}', data: { price: 2500 }, output: '<span class="sqs-money-native">25.00</span>' }],
    },
    plural: {
      args: '[VARIABLE…] [NAME:VARIABLE…]',
      summary: 'The same as `message`, under the name older templates use for plural messages.',
      examples: [{ template: '{labels.left|plural stock}', data: { labels: { left: '{0 plural one {Only # left} other {# left}}' }, stock: 1 }, output: 'Only 1 left' }],
    },
    'relative-time': {
      args: '[context:begin-sentence] [field:UNIT] [width:WIDTH]',
      summary: 'How far an instant is from now (or an interval\'s end from its start: `{start,end|relative-time}`), in the locale\'s words.',
      examples: [
        { template: '{startDate|relative-time}', data: { startDate: EXAMPLE_NOW + 2 * 86_400_000 }, now: EXAMPLE_NOW, output: 'in 2 days' },
        { template: '{addedOn|relative-time context:begin-sentence}', data: { addedOn: EXAMPLE_NOW - 3 * 3_600_000 }, now: EXAMPLE_NOW, locale: 'fr-FR', output: 'Il y a 3 heures' },
      ],
    },
    unit: {
      args: '',
      summary: 'Deprecated: kept so old templates compile; writes nothing (units are formatted inside `message`).',
      examples: [{ template: '[{weight|unit}]', data: { weight: 2.5 }, output: '[]' }],
    },
  },
  predicates: {
    'units-metric?': {
      args: '',
      summary: 'Deprecated: kept so old templates compile; always true.',
      examples: [{ template: '{.units-metric?}kg{.or}lb{.end}', data: {}, output: 'kg' }],
    },
  },
};
