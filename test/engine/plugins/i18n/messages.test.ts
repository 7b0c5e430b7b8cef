import { describe, expect, test } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { delimiterOf } from '../../../../engine/plugins/i18n/message-args.ts';
import { invalidPluralKey, pluralTags } from '../../../../engine/plugins/i18n/message-check.ts';
import { compile } from '../../../../engine/index.ts';
import { render } from './render.ts';

const msg = (text: string, args: string, data: Record<string, unknown> = {}, locale?: string) =>
  render(`{text|message ${args}}`, { text, ...data }, locale ? { locale } : {});

describe('message', () => {
  test('positional and named arguments', () => {
    expect(msg('{0} and {1}', 'a b', { a: 'x', b: 2 }).html).toBe('x and 2');
    expect(msg('{who} took {0}', 'who:a b', { a: 'Ann', b: '5s' }).html).toBe('Ann took Ann');
    expect(msg('{who} took {1}', 'who=a b', { a: 'Ann', b: '5s' }).html).toBe('Ann took 5s');
  });

  test('an argument that resolves to nothing is its literal text', () => {
    expect(msg('see {0}', 'http://example.com').html).toBe('see http://example.com');
    expect(delimiterOf('http://example.com')).toBe(-1);
    expect(delimiterOf('name:value')).toBe(4);
    expect(delimiterOf('1x:value')).toBe(-1);
  });

  test('plural categories follow the locale', () => {
    const text = '{0 plural one{# ONE} few{# FEW} many{# MANY} other{# OTHER}}';
    expect(msg(text, 'n', { n: 1 }).html).toBe('1 ONE');
    expect(msg(text, 'n', { n: 0 }, 'fr-FR').html).toBe('0 ONE');
    expect(msg(text, 'n', { n: 5 }, 'pl-PL').html).toBe('5 MANY');
    expect(msg(text, 'n', { n: 3 }, 'pl-PL').html).toBe('3 FEW');
  });

  test('selectordinal, select and exact matches', () => {
    const ordinal = '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}';
    expect(msg(ordinal, 'n', { n: 22 }).html).toBe('22nd');
    const select = '{0 select a{Alpha} other{Other}}';
    expect(msg(select, 'v', { v: 'a' }).html).toBe('Alpha');
    expect(msg(select, 'v', { v: 'zz' }).html).toBe('Other');
    expect(msg('{0 plural =0{none} one{one} other{#}}', 'n', { n: 0 }).html).toBe('none');
  });

  test('an offset is subtracted before the category is chosen', () => {
    const text = '{0 plural offset:1 =0{nobody} =1{just you} one{you and # other} other{you and # others}}';
    expect(msg(text, 'n', { n: 1 }).html).toBe('just you');
    expect(msg(text, 'n', { n: 2 }).html).toBe('you and 1 other');
    expect(msg(text, 'n', { n: '4' }).html).toBe('you and 3 others');
  });

  test('an offset on an argument that is not a number is an error', () => {
    const text = '{0 plural offset:1 one{a} other{b}}';
    const { html, errors } = msg(text, 'n', { n: 'many' });
    expect(html).toBe('');
    expect(errors).toEqual([messages.messageOffsetNotNumeric('n')]);
  });

  test('an invalid plural key is an error', () => {
    const { html, errors } = msg('{0 plural one{a} lots{b} other{c}}', 'n', { n: 2 });
    expect(html).toBe('');
    expect(errors).toEqual([messages.messagePluralKeyInvalid('lots')]);
    expect(invalidPluralKey(pluralTags('{0 plural =2{x} other{y}}')[0]!)).toBeUndefined();
  });

  test('quoted braces are text, not tags', () => {
    expect(pluralTags("'{0 plural bogus{x}}'")).toEqual([]);
    expect(pluralTags('{0 select a{{1 plural one{x} other{y}}} other{z}}')).toEqual([
      { argument: '1', offset: 0, keys: ['one', 'other'] },
    ]);
  });

  test('@ is the scope around the message, not the message', () => {
    const { html } = render('{.repeated section ns}{msgs.p|message @} {.end}', {
      ns: [1, 2],
      msgs: { p: '{0 plural one{# item} other{# items}}' },
    });
    expect(html).toBe('1 item 2 items ');
  });

  test('money, decimal, datetime and interval functions', () => {
    expect(msg('{0 money}', 'm', { m: { decimalValue: '12345.789', currencyCode: 'USD' } }).html).toBe('$12,345.79');
    expect(msg('{0 decimal style:short}', 'n', { n: '12345.789' }).html).toBe('12K');
    expect(msg('{0 datetime date:long time:medium}', 't', { t: 1582129775000 }).html).toBe(
      'February 19, 2020 at 11:29:35\u202fAM',
    );
    expect(msg('{0;1 datetime-interval}', 'a b', { a: 1582129775000, b: 1582129775000 + 90000000 }).html).toBe(
      'Feb 19\u2009–\u200920, 2020',
    );
    expect(msg('{0 plural one{one} other{other}}', 'm', { m: { decimalValue: '1', currencyCode: 'USD' } }).html).toBe(
      'one',
    );
  });

  test('unit function: compact bytes and duration sequences', () => {
    const text = '{0 unit in:byte compact:bytes} / {1 unit in:second sequence:hour,minute,second format:long}';
    expect(msg(text, 'b d', { b: '12345657890', d: '12345' }).html).toBe('11.5GB / 3 hours 25 minutes 45 seconds');
  });

  test('unit function: the reference unit data, ordinary spaces and French narrow bytes as short', () => {
    const text = '{0 unit in:byte compact:bytes} / {1 unit in:second sequence:hour,minute,second format:long}';
    const fr = msg(text, 'b d', { b: '12345657890', d: '12345' }, 'fr-FR').html;
    expect(fr).toBe('11,5 Go / 3 heures 25 minutes 45 secondes');
    // Narrow units that French had then keep their narrow form.
    expect(msg('{0 unit in:second sequence:hour,minute format:narrow}', 'd', { d: '7500' }, 'fr-FR').html).toBe('2h 5min');
  });

  test('plural is the same formatter', () => {
    expect(render('{m|plural n}', { m: 'x{0 plural one{} other{s}}', n: 2 }).html).toBe('xs');
  });
});

describe('message work kept between renders', () => {
  test('one compiled template gives each render its own argument values', () => {
    const template = compile('{text|message n who:w}');
    const first = template.render({ text: '{0} for {who}', n: 1, w: 'Ann' }).html;
    const second = template.render({ text: '{0} for {who}', n: 2, w: 'Bob' }).html;
    const third = template.render({ text: '{0} for {who}' }).html;
    expect([first, second, third]).toEqual(['1 for Ann', '2 for Bob', 'n for w']);
  });

  test('plural tags are found the same way on every call, and a message without plural has none', () => {
    const text = '{0 plural one{# post} other{# posts}} {1 selectordinal one{#st} other{#th}}';
    expect(pluralTags(text)).toEqual(pluralTags(text));
    expect(pluralTags(text).map((t) => t.argument)).toEqual(['0', '1']);
    expect(pluralTags('{0} and {price}')).toEqual([]);
    expect(msg(text, 'a b', { a: 2, b: 1 }).html).toBe('2 posts 1st');
    expect(msg('{0 plural bogus{x} other{y}}', 'a', { a: 1 }).errors).toEqual([messages.messagePluralKeyInvalid('bogus')]);
    expect(msg('{0 plural bogus{x} other{y}}', 'a', { a: 1 }).errors).toEqual([messages.messagePluralKeyInvalid('bogus')]);
  });

  test('datetime in a message uses the website time zone', () => {
    const at = Date.UTC(2024, 0, 1, 3, 0);
    const text = '{0 datetime time:short}';
    expect(msg(text, 't', { t: at, website: { timeZone: 'UTC' } }).html).toBe('3:00\u202fAM');
    expect(msg(text, 't', { t: at, website: { timeZone: 'America/Los_Angeles' } }).html).toBe('7:00\u202fPM');
  });
});
