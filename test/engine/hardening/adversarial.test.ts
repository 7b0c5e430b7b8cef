/**
 * Hostile templates, one test each: every one ends with a clear error within
 * the configured limits, quickly, and leaves the engine healthy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compile, DEFAULT_LIMITS } from '../../../engine/index.ts';
import { messages } from '../../../engine/messages.ts';

const messagesOf = (errors: { message: string }[]): string[] => errors.map((e) => e.message);

afterEach(() => {
  // The engine still works after each attack, and nothing leaked into prototypes.
  expect(compile('{a|html}').render({ a: '<ok>' }).html).toBe('&lt;ok&gt;');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
});

describe('adversarial templates', () => {
  it('billion laughs through nested macros stops at the output limit', () => {
    let source = '{.macro l0}lollollollollollollollol{.end}';
    for (let i = 1; i <= 9; i++) source += `{.macro l${i}}${`{@|apply l${i - 1}}`.repeat(10)}{.end}`;
    source += '{@|apply l9}';
    const started = Date.now();
    const result = compile(source, { limits: { maxOutputSize: 1_000_000 } }).render({});
    expect(messagesOf(result.errors)).toContain(messages.outputLimit(1_000_000));
    expect(result.html.length).toBeLessThanOrEqual(1_000_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('billion laughs through partials stops at the output limit', () => {
    const partials: Record<string, string> = { p0: 'ha'.repeat(50) };
    for (let i = 1; i <= 8; i++) partials[`p${i}`] = `{@|apply p${i - 1}}`.repeat(10);
    const result = compile('{@|apply p8}', { limits: { maxOutputSize: 500_000 } }).render({}, { partials });
    expect(messagesOf(result.errors)).toContain(messages.outputLimit(500_000));
  });

  it('exponential repeated sections stop at the output or time limit', () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    const source = '{.repeated section l}{.repeated section l}{.repeated section l}{.repeated section l}{.repeated section l}xxxxxxxx{.end}{.end}{.end}{.end}{.end}';
    const data = { l: list.map(() => ({ l: list.map(() => ({ l: list.map(() => ({ l: list.map(() => ({ l: list })) })) })) })) };
    const result = compile(source, { limits: { maxOutputSize: 2_000_000, maxRenderMs: 2_000 } }).render(data);
    expect(messagesOf(result.errors).some((m) => m === messages.outputLimit(2_000_000) || m === messages.timeLimit(2_000))).toBe(true);
  });

  it('recursion past 16 partials ends with the reference message', () => {
    const result = compile('{@|apply self}').render({}, { partials: { self: 'x{@|apply self}' } });
    expect(messagesOf(result.errors)).toEqual([messages.partialRecursion('self', 16)]);
    expect(result.html).toBe('x'.repeat(16));
  });

  it('deep nesting is refused with a clear error instead of exhausting the stack', () => {
    const depth = 100_000;
    const t = compile('{.section a}'.repeat(depth) + '{.end}'.repeat(depth));
    expect(messagesOf(t.errors)).toContain(messages.nestingTooDeep(DEFAULT_LIMITS.maxNesting));
    expect(() => t.render({ a: { a: {} } })).not.toThrow();
  });

  it('a huge .eval expression is refused by the token limit', () => {
    const t = compile(`{.eval ${Array.from({ length: 5000 }, () => '1').join(' + ')}}`);
    const result = t.render({});
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.message).toContain('Expression exceeds the maximum number of allowed tokens');
    expect(result.html).toBe('');
  });

  it('doubling concatenations are stopped by the string length limit', () => {
    const doubling = Array.from({ length: 40 }, () => '@s = @s + @s').join('; ');
    const result = compile(`{.eval @s = "xxxxxxxxxx"; ${doubling}; @s}`).render({});
    expect(result.errors.some((e) => e.message.includes('Concatenation would exceed maximum string length'))).toBe(true);
  });

  it('prototype names in every position find nothing and change nothing', () => {
    const names = ['constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
    const data = JSON.parse('{"a": {"__proto__": {"polluted": 1}}, "items": [1]}') as unknown;
    for (const n of names) {
      const source = [
        `{${n}}`, `{a.${n}}`, `{items.${n}}`, `{${n}.${n}}`, `{.section ${n}}S{.end}`, `{.repeated section ${n}}R{.end}`,
        `{.if ${n}}I{.end}`, `{.var @${n} ${n}}{@${n}}`, `{.ctx @c ${n}=a}{@c.polluted}`, `{.equal? ${n} ${n}}E{.end}`,
        `{.eval ${n}}`, `{a|get ${n}}`, `{a|prop ${n}}`, `{.macro ${n}}M{.end}{a|apply ${n}}`,
      ].join('');
      const result = compile(source).render(data, { partials: {} });
      expect(result.html, source).toMatch(/^(E|M|EM)*$/);
    }
  });

  it('a 10 MB template is refused quickly with the size limit', () => {
    const huge = '<p>{title}</p>\n'.repeat(700_000);
    expect(huge.length).toBeGreaterThan(10_000_000);
    const started = Date.now();
    const t = compile(huge);
    expect(messagesOf(t.errors)).toEqual([messages.templateTooLarge(DEFAULT_LIMITS.maxTemplateSize)]);
    expect(t.render({ title: 'x' }).html).toBe('');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a 10 MB template compiles and renders when the limit allows it', () => {
    const huge = '<p>{title}</p>\n'.repeat(700_000);
    const t = compile(huge, { limits: { maxTemplateSize: 20_000_000, maxOutputSize: 20_000_000 } });
    expect(t.errors).toEqual([]);
    expect(t.render({ title: 'x' }).html.length).toBe(700_000 * 9);
  });

  it('a template that is one unclosed block reports it with its position', () => {
    const t = compile('{.section a}' + 'text '.repeat(1000));
    expect(t.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [1, 1, messages.unclosed('SECTION')],
      [1, 5013, messages.eofInBlock('SECTION')],
    ]);
    expect(t.render({ a: true }).html).toBe('text '.repeat(1000));
  });
});
