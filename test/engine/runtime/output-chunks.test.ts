import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { messages } from '../../../engine/messages.ts';
import { FLATTEN_FROM, OUTPUT_CHUNK } from '../../../engine/runtime/render-state.ts';

/** Expected list output, built independently of the engine. */
function expectedList(count: number, separator: string): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(`<li id="p${i}">Item &lt;${i}&gt;: ${(i % 97) + 0.5}</li>`);
  return `<ul>${parts.join(separator)}</ul>`;
}

function items(count: number): { id: number; name: string; price: number }[] {
  return Array.from({ length: count }, (_, i) => ({ id: i, name: `Item <${i}>`, price: (i % 97) + 0.5 }));
}

const LIST = '<ul>{.repeated section items}<li id="p{id}">{name|html}: {price}</li>{.alternates with}\n{.end}</ul>';

describe('output written in chunks', () => {
  // Enough items that the output passes the point where chunks are flattened, many times over.
  const count = Math.ceil((FLATTEN_FROM + 20 * OUTPUT_CHUNK) / 30);

  it('renders a large list exactly, across many chunks', () => {
    const result = compile(LIST).render({ items: items(count) });
    expect(result.errors).toEqual([]);
    expect(result.html.length).toBeGreaterThan(FLATTEN_FROM + 10 * OUTPUT_CHUNK);
    expect(result.html).toBe(expectedList(count, '\n'));
  });

  it('keeps a long unrolled block exact (no loop turns between its steps)', () => {
    const unit = 'x'.repeat(50) + '{a}';
    const repeat = Math.ceil((FLATTEN_FROM + 5 * OUTPUT_CHUNK) / 55);
    const result = compile(unit.repeat(repeat)).render({ a: 'hello' });
    expect(result.html).toBe(('x'.repeat(50) + 'hello').repeat(repeat));
  });

  it('captures a macro applied inside a large output without mixing the buffers', () => {
    const source =
      '{.macro row}<{name}>{.end}' + '{.repeated section items}{@|apply row}{.alternates with},{.end}|{items.0.name}';
    const list = Array.from({ length: count }, (_, i) => ({ name: `n${i}` }));
    const result = compile(source).render({ items: list });
    expect(result.errors).toEqual([]);
    expect(result.html).toBe(list.map((x) => `<${x.name}>`).join(',') + '|n0');
  });

  it('still stops at the output limit when chunks are being flattened', () => {
    const limit = FLATTEN_FROM + 3 * OUTPUT_CHUNK;
    const result = compile(LIST, { limits: { maxOutputSize: limit } }).render({ items: items(count) });
    expect(result.errors.map((e) => e.message)).toContain(messages.outputLimit(limit));
    expect(result.html.length).toBeLessThanOrEqual(limit);
    expect(expectedList(count, '\n').startsWith(result.html)).toBe(true);
  });
});
