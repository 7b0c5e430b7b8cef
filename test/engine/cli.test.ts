import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../engine/cli.ts';

function run(argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'tmpl-cli-'));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('tmpl CLI', () => {
  it('renders a template with data and partials', () => {
    const file = write('page.tmpl', '<h1>{title|html}</h1>{@|apply card}');
    const data = write('page.json', JSON.stringify({ title: 'A & B', name: 'card data' }));
    mkdirSync(join(dir, 'partials'), { recursive: true });
    writeFileSync(join(dir, 'partials', 'card.tmpl'), '<p>{name}</p>');
    const r = run(['render', file, '--data', data, '--partials', join(dir, 'partials')]);
    expect(r).toMatchObject({ code: 0, out: '<h1>A &amp; B</h1><p>card data</p>', err: '' });
  });

  it('reads --data as the Java reference does: 1.0 stays a double (printed as 1, read by formatters as 1.0)', () => {
    const file = write('numbers.tmpl', '{a} {b} {a|json}');
    const data = write('numbers.json', '{"a": 1.0, "b": 1}');
    expect(run(['render', file, '--data', data])).toMatchObject({ code: 0, out: '1 1 1.0', err: '' });
  });

  it('reports syntax errors as file:line:col with a code frame and exits 1', () => {
    const file = write('bad.tmpl', 'ok\n  {.section a}\n{x|nope}\n');
    const r = run(['check', file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file}:3:1 SyntaxError: Formatter 'nope' is unknown`);
    expect(r.err).toContain('> 3 | {x|nope}\n    | ^');
    expect(r.err).toContain(`${file}:2:3 SyntaxError: Unclosed SECTION`);
    expect(run(['render', file]).code).toBe(1);
  });

  it('prints the instruction tree JSON', () => {
    const file = write('ast.tmpl', 'a{b}');
    expect(JSON.parse(run(['ast', file]).out)).toEqual([17, 1, [[0, 'a'], [1, [['b']], 0]], 18]);
  });

  it('runs golden files and ends with the summary line', () => {
    write('ok.html', ':JSON\n{"a": 1}\n\n:TEMPLATE\n{a}\n\n:OUTPUT\n1\n');
    write('wrong.html', ':JSON\n{"a": 1}\n\n:TEMPLATE\n{a}\n\n:OUTPUT\n2\n');
    const r = run(['golden', join(dir, 'ok.html'), join(dir, 'wrong.html')]);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^FAIL .*wrong\.html/);
    expect(lines[lines.length - 1]).toBe('1 passed, 1 failed');
  });

  it('lists every plugin as formatter NAME or predicate NAME', () => {
    const lines = run(['plugins']).out.split('\n');
    expect(lines).toContain('formatter html');
    expect(lines).toContain('predicate equal?');
    expect(lines.every((l) => /^(formatter|predicate) \S+$/.test(l))).toBe(true);
  });

  it('explains its usage on a bad command', () => {
    expect(run(['nonsense']).code).toBe(2);
  });
});
