import { describe, expect, it } from 'vitest';
import { unclosedBrace } from '../../../server/theme/unclosed-brace.ts';

describe('finding the brace of a stylesheet that is never closed', () => {
  it('names the innermost block still open at the end', () => {
    expect(unclosedBrace('a {\n  .b {')).toEqual({ line: 2, column: 6 });
    expect(unclosedBrace('a { b: c; }\nbody {\n  .x {\n    color: red;\n    }\n')).toEqual({ line: 2, column: 6 });
  });

  it('names the block a dedented closing brace leaves open: that brace was written for the block around it', () => {
    // line 3's block lacks its }: line 5's closes it as written, leaving line 2's open at the end
    expect(unclosedBrace('a { b: c; }\nbody {\n  .x {\n    color: red;\n}\n')).toEqual({ line: 3, column: 6 });
    expect(unclosedBrace('@c: #fff;\n\n.page {\n  a { color: white;\n  p { margin: 0; }\n}\n')).toEqual({ line: 4, column: 5 });
  });

  it('finds nothing when every brace is closed, a stray closing one included', () => {
    expect(unclosedBrace('a { b { c: d; } }\n@media (x) { e { f: g; } }')).toBeNull();
    expect(unclosedBrace('a { b: c; } }')).toBeNull();
    expect(unclosedBrace('.m(@x) { width: @{x}px; }')).toBeNull();
  });

  it('skips braces in comments, strings and unquoted urls', () => {
    const text = [
      '// a line comment {',
      '/* a block { comment',
      '   over lines { */',
      'a { content: "}"; quotes: \'{\'; }',
      'b { content: "a \\" {"; }',
      'c { background: url(http://example.com/{x}.png); }',
      'd { background: url("//example.com/{y}.png"); }',
    ].join('\n');
    expect(unclosedBrace(text)).toBeNull();
    expect(unclosedBrace(`${text}\ne {`)).toEqual({ line: 8, column: 3 });
  });
});
