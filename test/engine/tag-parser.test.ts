import { describe, expect, it } from 'vitest';
import { readTag } from './read-tag.ts';
import { parseTagSyntax, splitArgs } from '../../engine/syntax/tag-parser.ts';
import { Opcode } from '../../engine/syntax/opcodes.ts';

describe('tag parser (Chevrotain)', () => {
  it('parses dotted references with indexes, @ and $ names', () => {
    expect(parseTagSyntax('a.0.b')).toEqual({ op: Opcode.VARIABLE, variables: [['a', 0, 'b']], formatters: [] });
    expect(parseTagSyntax('@index')).toMatchObject({ variables: [['@index']] });
    expect(parseTagSyntax('$b.c.$d')).toMatchObject({ variables: [['$b', 'c', '$d']] });
  });

  it('parses multi-variable references and formatter chains with either delimiter', () => {
    expect(parseTagSyntax('a , b|html|truncate 10 ...')).toEqual({
      op: Opcode.VARIABLE,
      variables: [['a'], ['b']],
      formatters: [
        { name: 'html', args: null, delimiter: '' },
        { name: 'truncate', args: ['10', '...'], delimiter: ' ' },
      ],
    });
    expect(parseTagSyntax('a|fmt:x:y')).toMatchObject({ formatters: [{ name: 'fmt', args: ['x', 'y'], delimiter: ':' }] });
  });

  it('rejects what is not an instruction, so it stays text', () => {
    for (const text of [' a ', 'a|', 'a||b', '.endx', '.sectionfoo', '.if a &&', '.or ', '.var @x', '1.5em; color: red', '"json": 1']) {
      expect(parseTagSyntax(text), text).toBeNull();
    }
  });

  it('parses every instruction', () => {
    expect(parseTagSyntax('.section a.b')).toEqual({ op: Opcode.SECTION, path: ['a', 'b'] });
    expect(parseTagSyntax('.repeated section items')).toEqual({ op: Opcode.REPEATED, path: ['items'] });
    expect(parseTagSyntax('.or')).toMatchObject({ op: Opcode.OR_PREDICATE, name: null });
    expect(parseTagSyntax('.or equal? a "b"')).toMatchObject({ op: Opcode.OR_PREDICATE, name: 'equal?', args: ['a', '"b"'] });
    expect(parseTagSyntax('.equal?|foo|"bar"')).toMatchObject({ op: Opcode.PREDICATE, args: ['foo', '"bar"'], delimiter: '|' });
    expect(parseTagSyntax('.if a && b || c')).toEqual({ op: Opcode.IF, operators: [1, 0], variables: [['a'], ['b'], ['c']] });
    expect(parseTagSyntax('.if equal? a b')).toMatchObject({ op: Opcode.PREDICATE, viaIf: true, args: ['a', 'b'] });
    expect(parseTagSyntax('.var @x a,b|json')).toMatchObject({ op: Opcode.BINDVAR, name: '@x', variables: [['a'], ['b']] });
    expect(parseTagSyntax('.ctx @c k=a.b m=c')).toMatchObject({ op: Opcode.CTXVAR, bindings: [['k', ['a', 'b']], ['m', ['c']]] });
    // As in the Java reference: whitespace runs, and reading stops at the first thing that is not a binding.
    for (const text of ['.ctx @c k=a.b m', '.ctx @c k=a.b m=', '.ctx  @c\tk=a.b   !rest', '.ctx @c k=a.b']) {
      expect(parseTagSyntax(text), text).toEqual({ op: Opcode.CTXVAR, name: '@c', bindings: [['k', ['a', 'b']]] });
      expect(readTag(text), text).toEqual(parseTagSyntax(text));
    }
    for (const text of ['.ctx @c', '.ctx @c m', '.ctx @c =a', '.ctx@c k=a', '.ctx @c.d k=a']) expect(parseTagSyntax(text), text).toBeNull();
    const ifOver = (n: number): string => `.if ${Array.from({ length: n }, (_, i) => `v${i}`).join(' || ')}`;
    expect(parseTagSyntax(ifOver(30))).toMatchObject({ op: Opcode.IF });
    expect(parseTagSyntax(ifOver(31))).toBeNull();
    expect(readTag(ifOver(31))).toBeNull();
    expect(parseTagSyntax('.eval 1 + 2')).toEqual({ op: Opcode.EVAL, code: '1 + 2' });
    expect(parseTagSyntax('.include name output')).toMatchObject({ op: Opcode.INCLUDE, name: 'name', args: ['output'] });
    expect(parseTagSyntax('.inject @f file.json')).toMatchObject({ op: Opcode.INJECT, name: '@f', path: 'file.json' });
    expect(parseTagSyntax('.macro card.html')).toEqual({ op: Opcode.MACRO, name: 'card.html' });
    for (const [text, op] of [
      ['.end', Opcode.END],
      ['.alternates with', Opcode.ALTERNATES_WITH],
      ['.meta-left', Opcode.META_LEFT],
      ['.meta-right', Opcode.META_RIGHT],
      ['.newline', Opcode.NEWLINE],
      ['.space', Opcode.SPACE],
      ['.tab', Opcode.TAB],
    ] as const) {
      expect(parseTagSyntax(text)).toEqual({ op });
    }
  });

  it('splits raw arguments on their first character', () => {
    expect(splitArgs(' a b')).toEqual({ args: ['a', 'b'], delimiter: ' ' });
    expect(splitArgs(':x')).toEqual({ args: ['x'], delimiter: ':' });
    expect(splitArgs(' ')).toEqual({ args: [], delimiter: ' ' });
  });

  it('counts delimiters side by side as one and keeps no empty argument, as the Java reference does', () => {
    expect(splitArgs('  a  b ')).toEqual({ args: ['a', 'b'], delimiter: ' ' });
    expect(splitArgs(':3::!:')).toEqual({ args: ['3', '!'], delimiter: ':' });
    expect(splitArgs('  ')).toEqual({ args: [], delimiter: ' ' });
    expect(readTag('.include  name')).toMatchObject({ op: Opcode.INCLUDE, name: 'name', args: [] });
  });

  it('ends the arguments of .include and .inject at the first |, ignoring the rest of the tag, as the Java reference does', () => {
    const expected: [string, object][] = [
      ['.include nav|extra', { op: Opcode.INCLUDE, name: 'nav', args: [], delimiter: ' ' }],
      ['.include nav output|x', { op: Opcode.INCLUDE, name: 'nav', args: ['output'], delimiter: ' ' }],
      ['.inject @f file.json a|b', { op: Opcode.INJECT, name: '@f', path: 'file.json', args: ['a'], delimiter: ' ' }],
      ['.inject @f file.json|b', { op: Opcode.INJECT, name: '@f', path: 'file.json', args: null, delimiter: '' }],
    ];
    for (const [text, tag] of expected) {
      expect(parseTagSyntax(text), text).toEqual(tag);
      expect(readTag(text), text).toEqual(tag);
    }
    expect(parseTagSyntax('.include |nav')).toBeNull();
    expect(readTag('.include |nav')).toBeNull();
  });

  it('takes whitespace runs around the operands of .var, .inject, .macro and .repeated section, as the Java reference does', () => {
    const expected: [string, object][] = [
      ['.var  @x\ta', { op: Opcode.BINDVAR, name: '@x', variables: [['a']], formatters: [] }],
      ['.inject\t@f   file.json', { op: Opcode.INJECT, name: '@f', path: 'file.json', args: null, delimiter: '' }],
      ['.macro \n card.html', { op: Opcode.MACRO, name: 'card.html' }],
      ['.repeated \t section\n items', { op: Opcode.REPEATED, path: ['items'] }],
    ];
    for (const [text, tag] of expected) {
      expect(parseTagSyntax(text), text).toEqual(tag);
      expect(readTag(text), text).toEqual(tag);
    }
    for (const text of ['.var @x ,a', '.var@x a', '.macro card ', '.inject @f', '.repeatedsection items']) {
      expect(parseTagSyntax(text), text).toBeNull();
      expect(readTag(text), text).toBeNull();
    }
  });
});
