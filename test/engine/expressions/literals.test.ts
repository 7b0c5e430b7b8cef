import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import { run, value } from './helpers.ts';

describe('number literals', () => {
  it('reads decimals, exponents and hexadecimal numbers', () => {
    expect(value('0')).toBe(0);
    expect(value('007')).toBe(7);
    expect(value('1.5')).toBe(1.5);
    expect(value('1.e2')).toBe(100);
    expect(value('1e22')).toBe(1e22);
    expect(value('2E-3')).toBe(0.002);
    expect(value('1e20+1e20')).toBe(2e20);
    expect(value('1e+20+1e+20')).toBe(2e20);
    expect(value('1e-20+1e20')).toBe(1e20);
    expect(value('0x01')).toBe(1);
    expect(value('0XfF')).toBe(255);
    expect(value('0x012345678')).toBe(0x012345678);
    expect(value('0x11111111111111111')).toBe(1.9676527011956855e19);
  });

  it('ends a number at the first character that cannot continue it', () => {
    // `e` twice: the number ends before the second one, which is a variable reference.
    expect(value('1e5e', { e: 'x' })).toBe('x');
    expect(value('1-2')).toBe(-1);
    expect(value('0x1g', { g: 7 })).toBe(7);
  });
});

describe('string literals', () => {
  it('accepts single and double quotes and escapes either quote', () => {
    expect(value("'bar'")).toBe('bar');
    expect(value('"\\"bar\\""')).toBe('"bar"');
    expect(value("'it\\'s'")).toBe("it's");
    expect(value('"a\'b"')).toBe("a'b");
  });

  it('decodes single-character escapes; unknown ones stand for the character itself', () => {
    expect(value('"\\a\\b\\c\\n\\t\\r\\f"')).toBe('abc\n\t\r\f');
    expect(value('"\\\\"')).toBe('\\');
  });

  it('decodes \\xHH escapes, replacing unwanted control codes with a space', () => {
    expect(value('"\\x20\\x7d\\x22\\x27"')).toBe(' }"\'');
    expect(value('"\\x00\\x01\\x02\\x19\\x18"')).toBe('     ');
    expect(value('"\\x09\\x0a\\x0d"')).toBe('\t\n\r');
  });

  it('decodes \\uHHHH and \\UHHHHHHHH escapes up to U+10FFFF', () => {
    expect(value('"\\u2019"')).toBe('\u2019');
    expect(value('"\\U0001f600"')).toBe('\u{1f600}');
    expect(value('"\\U0001f600\\U0001f600"')).toBe('\u{1f600}\u{1f600}');
    expect(value('"\\u01f600"')).toBe('\u01f600');
    expect(value('"\\u0003\\u000f\\u0019\\u0021"')).toBe('   !');
    expect(value('"\\U00222222"')).toBe(' ');
    expect(value("'\\UA0000000'")).toBe(' ');
    expect(value('"\\u0000\\u0001\\u0018\\u0019"')).toBe('    ');
    expect(value('"\\U0010FFFF"')).toBe('\u{10ffff}');
  });

  it('keeps every other character as it is', () => {
    expect(value('"{}|&;,()=é"')).toBe('{}|&;,()=é');
  });
});

describe('string literal errors', () => {
  const parseErrors = (source: string) => run(source).parseErrors;

  it('reports an unterminated string', () => {
    expect(parseErrors("'")).toEqual([messages.exprUnterminatedString]);
    expect(parseErrors('"abc')).toEqual([messages.exprUnterminatedString]);
    expect(parseErrors("'\\")).toEqual([messages.exprUnterminatedString]);
    expect(parseErrors("'\\'")).toEqual([messages.exprUnterminatedString]);
    expect(parseErrors('"\\u000000')).toEqual([messages.exprUnterminatedString]);
  });

  it('reports an incomplete or invalid \\x escape', () => {
    expect(parseErrors('"\\x"')).toEqual([messages.exprInvalidHexEscape]);
    expect(parseErrors('"\\x1"')).toEqual([messages.exprInvalidHexEscape]);
    expect(parseErrors('"\\x1q"')).toEqual([messages.exprInvalidHexEscape]);
    // Two digits at the very end of the text, without a closing quote, are not enough either.
    expect(parseErrors('"\\x41')).toEqual([messages.exprInvalidHexEscape]);
  });

  it('reports an incomplete or invalid unicode escape', () => {
    expect(parseErrors('"\\u"')).toEqual([messages.exprInvalidUnicodeEscape]);
    expect(parseErrors('"\\uq"')).toEqual([messages.exprInvalidUnicodeEscape]);
    expect(parseErrors('"\\u123"')).toEqual([messages.exprInvalidUnicodeEscape]);
    expect(parseErrors('"\\U0001f60"')).toEqual([messages.exprInvalidUnicodeEscape]);
    // A complete \u escape at the end of the text is the unterminated string's problem.
    expect(parseErrors('"\\u0041')).toEqual([messages.exprUnterminatedString]);
  });

  it('refuses bare line breaks inside a string', () => {
    expect(parseErrors('"foo \n bar"')).toEqual([messages.exprBareLineBreak('line feed')]);
    expect(parseErrors('"foo \r bar"')).toEqual([messages.exprBareLineBreak('carriage return')]);
    expect(parseErrors('"foo \\\n bar"')).toEqual([]);
  });
});
