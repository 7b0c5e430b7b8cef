import { describe, expect, it } from 'vitest';
import { blankStatementAt } from '../../../server/theme/less-statement.ts';

describe('blankStatementAt', () => {
  it('blanks the declaration or mixin call around a place, keeping every line and column', () => {
    const text = 'a {\n  color: red;\n  width: (@gap * 2) + @missing;\n  .flex(0 1 auto);\n}\n';
    const widthBlanked = blankStatementAt(text, 3, 23);
    expect(widthBlanked).toBe('a {\n  color: red;\n  ' + ' '.repeat(29) + '\n  .flex(0 1 auto);\n}\n');
    expect(widthBlanked!.length).toBe(text.length);
    expect(blankStatementAt(text, 4, 2)).toBe('a {\n  color: red;\n  width: (@gap * 2) + @missing;\n  ' + ' '.repeat(16) + '\n}\n');
  });

  it('ends a statement at its semicolon outside strings, comments and parentheses, or at its block end', () => {
    const text = 'a { content: "x;y"; /* ; */ b: url(a;b) @bad }';
    expect(blankStatementAt(text, 1, 41)).toBe('a { content: "x;y";' + ' '.repeat(26) + '}');
    const multiline = '.m {\n  .scale-font (@min,\n    @max, 1920px);\n}';
    expect(blankStatementAt(multiline, 3, 4)).toBe('.m {\n  ' + ' '.repeat(18) + '\n' + ' '.repeat(18) + '\n}');
    expect(blankStatementAt('a { b: c; }\n// x: @y;\nd { e: @f }', 3, 7)).toBe('a { b: c; }\n// x: @y;\nd {' + ' '.repeat(7) + '}');
  });

  it('leaves a selector, a place past the text and an empty statement alone', () => {
    expect(blankStatementAt('.a when (@x) { b: c; }', 1, 9)).toBeNull();
    expect(blankStatementAt('a { b: c; }', 4, 0)).toBeNull();
    expect(blankStatementAt('a { b: c; }', 1, 10)).toBeNull();
  });
});
