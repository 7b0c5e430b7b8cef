import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { PluginRuntimeFailure } from '../../../../engine/plugins/core/runtime-failure.ts';
import { runFormatter, validateFormatter } from './apply-core.ts';
import { stubContext } from './render-context-stub.ts';

const DICKENS =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief';

describe('truncate', () => {
  it('cuts after the last whitespace before the limit and appends the ellipsis', () => {
    expect(runFormatter('truncate', DICKENS, ['28'])).toBe('It was the best of times, ...');
    expect(runFormatter('truncate', DICKENS, ['55', '!!'])).toBe('It was the best of times, it was the worst of times, !!');
    expect(runFormatter('truncate', DICKENS, ['28', ' ! ! !'])).toBe('It was the best of times,  ! ! !');
  });

  it('defaults to 100 characters and "..."', () => {
    const text = 'x'.repeat(120);
    expect(runFormatter('truncate', text)).toBe('x'.repeat(100) + '...');
    expect(runFormatter('truncate', 'short')).toBe('short');
  });

  it('cuts at the limit when there is no whitespace, and gives the ellipsis alone for 0', () => {
    expect(runFormatter('truncate', 'abcdefghij', ['4'])).toBe('abcd...');
    expect(runFormatter('truncate', 'abcdefghij', ['0'])).toBe('...');
  });

  it('fails the instruction for a negative length, as released', () => {
    expect(() => runFormatter('truncate', 'abcdefghij', ['-1'])).toThrow(PluginRuntimeFailure);
    expect(() => runFormatter('truncate', 'abcdefghij', ['-1'])).toThrow(messages.substringRange(-1, 10));
  });

  it('refuses a length that is not an integer at compile time', () => {
    expect(validateFormatter('truncate', ['2x'])).toBe(messages.argsBadLength('2x'));
    expect(validateFormatter('truncate', ['12', '…'])).toBeUndefined();
  });
});

describe('format', () => {
  const data = { message: '{0} and {1}', foo: 'A', bar: 'B', n: null, o: { x: 1 }, arg0: 'A', arg1: 'B', arg2: 'C', arg3: 'D', arg4: 'E' };
  const ctx = stubContext([data]);

  it('fills positional slots from the named variables', () => {
    expect(runFormatter('format', '{0} and {1}', ['foo', 'bar'], ctx)).toBe('A and B');
  });

  it('prints nothing for slots without an argument and ignores leading zeros', () => {
    expect(runFormatter('format', '{1} and {5} optional {3}', ['arg0', 'arg1', 'arg2', 'arg3'], ctx)).toBe('B and  optional D');
    expect(runFormatter('format', '{000001} and {10000} and {000004}', ['arg0', 'arg1', 'arg2', 'arg3', 'arg4'], ctx)).toBe(
      'B and  and E',
    );
  });

  it('reads null as "null", containers and missing as blank', () => {
    expect(runFormatter('format', '[{0}][{1}][{2}]', ['n', 'o', 'nope'], ctx)).toBe('[null][][]');
  });

  it('drops bad tags, with the released digit quirk', () => {
    expect(runFormatter('format', 'a{x}b', ['foo'], ctx)).toBe('ab');
    expect(runFormatter('format', '{x2}|', ['foo'], ctx)).toBe('A|');
    expect(runFormatter('format', '{x1}z', ['foo'], ctx)).toBe('}z');
  });
});

describe('smartypants', () => {
  it('curls quotes by their position and turns a double dash into an em dash', () => {
    expect(runFormatter('smartypants', `'Hello,' she said -- "it's \"fine\""`)).toBe(
      '\u2018Hello,\u2019 she said \u2014 \u201cit\u2019s \u201cfine\u201d\u201d',
    );
  });

  it('only opens a quote at the very start of the text, not after each newline', () => {
    expect(runFormatter('smartypants', "x\n'y'")).toBe('x\n\u2018y\u2019');
    expect(runFormatter('smartypants', "x.'y'")).toBe('x.\u2019y\u2019');
  });

  it('treats null as blank', () => {
    expect(runFormatter('smartypants', null)).toBe('');
  });
});

describe('slugify', () => {
  it('keeps ASCII letters, digits and dashes, joins words with dashes, lower-cases', () => {
    expect(runFormatter('slugify', 'Hello, World!  Café 2024')).toBe('hello-world-caf-2024');
    expect(runFormatter('slugify', 'a\tb-c')).toBe('a-b-c');
  });
});

describe('safe', () => {
  it('strips tags from truthy values', () => {
    expect(runFormatter('safe', '<b>bold</b> and <i>more</i>')).toBe('bold and more');
    expect(runFormatter('safe', 5)).toBe('5');
  });

  it('passes falsy values through untouched', () => {
    expect(runFormatter('safe', 0)).toBe(0);
    expect(runFormatter('safe', '')).toBe('');
    expect(runFormatter('safe', null)).toBe(null);
  });
});

describe('line-breaks, output, pluralize, cycle', () => {
  it('line-breaks turns newlines into <br/>', () => {
    expect(runFormatter('line-breaks', '"A\nB\n\nC"')).toBe('"A<br/>B<br/><br/>C"');
  });

  it('output joins its arguments with spaces', () => {
    expect(runFormatter('output', 'ignored', ['a', 'b', 'c'])).toBe('a b c');
  });

  it('pluralize picks by whether the integer part is exactly 1', () => {
    expect(runFormatter('pluralize', 1)).toBe('');
    expect(runFormatter('pluralize', 2)).toBe('s');
    expect(runFormatter('pluralize', 1.7, ['ies'])).toBe('');
    expect(runFormatter('pluralize', 0, ['ies'])).toBe('ies');
    expect(runFormatter('pluralize', '1', ['one', 'many'])).toBe('one');
    expect(runFormatter('pluralize', 3, ['one', 'many'])).toBe('many');
    expect(validateFormatter('pluralize', ['a', 'b', 'c'])).toBe(messages.argsTooMany(0, 2));
  });

  it('cycle walks its arguments by 1-based position, wrapping both ways', () => {
    let out = '';
    for (let i = -6; i < 6; i++) out += String(runFormatter('cycle', i, ['A', 'B', 'C']));
    expect(out).toBe('CABCABCABCAB');
    expect(validateFormatter('cycle', [])).toBe(messages.argsNotEnough(1));
  });
});
