import { describe, expect, it } from 'vitest';
import { runFormatter } from './apply-core.ts';

describe('json', () => {
  it('breaks closing tags so the text can sit in a script element', () => {
    expect(runFormatter('json', "This is a <script>alert('test');</script>")).toBe(
      `"This is a <script>alert('test');<\\/script>"`,
    );
    expect(runFormatter('json', '<script x="y"> </script >')).toBe('"<script x=\\"y\\"> <\\/script >"');
  });

  it('writes compact JSON with no spaces', () => {
    expect(runFormatter('json', { a: [1, 2], b: { c: null } })).toBe('{"a":[1,2],"b":{"c":null}}');
  });

  it('writes fractional numbers the way the reference prints them', () => {
    expect(runFormatter('json', [1.5, 0.0001, 3])).toBe('[1.5,1.0E-4,3]');
  });

  it('writes nothing for a missing value and null for null', () => {
    expect(runFormatter('json', undefined)).toBe('');
    expect(runFormatter('json', null)).toBe('null');
  });

  it('escapes control characters in upper-case hex and keeps other text as is', () => {
    expect(runFormatter('json', 'a\u0001b\n\u2028é')).toBe('"a\\u0001b\\n\u2028é"');
  });
});

describe('json-pretty', () => {
  it('indents objects by two spaces with a colon and one space', () => {
    expect(runFormatter('json-pretty', { title: 'x</SCRIPT>' })).toBe('{\n  "title": "x<\\/SCRIPT>"\n}');
  });

  it('keeps arrays on one line and nests objects inside them', () => {
    expect(runFormatter('json-pretty', { a: [1, { b: 2 }], e: [], o: {} })).toBe(
      '{\n  "a": [ 1, {\n    "b": 2\n  } ],\n  "e": [ ],\n  "o": { }\n}',
    );
  });

  it('prints scalars plainly', () => {
    expect(runFormatter('json-pretty', 'Íñţĕŕňāţĩōņąļĭžę')).toBe('"Íñţĕŕňāţĩōņąļĭžę"');
    expect(runFormatter('json-pretty', undefined)).toBe('');
  });
});

describe('raw and str', () => {
  it('raw writes JSON without breaking tags', () => {
    expect(runFormatter('raw', '</b>')).toBe('"</b>"');
    expect(runFormatter('raw', [true])).toBe('[true]');
  });

  it('str prints scalars and nothing for containers and null', () => {
    expect(runFormatter('str', 12)).toBe('12');
    expect(runFormatter('str', true)).toBe('true');
    expect(runFormatter('str', null)).toBe('');
    expect(runFormatter('str', { a: 1 })).toBe('');
    expect(runFormatter('str', [1])).toBe('');
  });
});
