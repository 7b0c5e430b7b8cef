import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  quoteJsonString,
  toCompactJson,
  toPrettyJson,
  toScriptSafeJson,
  toScriptSafePrettyJson,
} from '../../../../engine/plugins/core/json-writer.ts';
import { JsonDouble } from '../../../../engine/runtime/values.ts';

/** The reference writer's string escaping, one UTF-16 unit at a time (the oracle for the fast paths). */
function javaQuoted(text: string): string {
  let out = '"';
  for (const unit of text.split('')) {
    const code = unit.charCodeAt(0);
    if (unit === '"') out += '\\"';
    else if (unit === '\\') out += '\\\\';
    else if (unit === '\b') out += '\\b';
    else if (unit === '\t') out += '\\t';
    else if (unit === '\n') out += '\\n';
    else if (unit === '\f') out += '\\f';
    else if (unit === '\r') out += '\\r';
    else if (code < 0x20) out += '\\u00' + code.toString(16).toUpperCase().padStart(2, '0');
    else out += unit;
  }
  return out + '"';
}

const scriptSafe = (text: string): string => text.replaceAll('</', '<\\/');

describe('JSON strings', () => {
  it('escapes every control character, the quote and the backslash as the reference does', () => {
    for (let code = 0; code < 0x20; code++) {
      const text = String.fromCharCode(code);
      expect(quoteJsonString(text)).toBe(javaQuoted(text));
    }
    expect(quoteJsonString('\u001f')).toBe('"\\u001F"');
    expect(quoteJsonString('\u000b')).toBe('"\\u000B"');
    expect(quoteJsonString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quoteJsonString('\b\t\n\f\r')).toBe('"\\b\\t\\n\\f\\r"');
  });

  it('writes everything else as is: <, >, &, apostrophes, DEL, U+2028/9, lone surrogates, non-ASCII', () => {
    for (const text of ['<>&\'', '\u007f', '\u2028\u2029', '\ud800', 'x\udfffy', '\ud83d\ude00', 'é€', '/']) {
      expect(quoteJsonString(text)).toBe('"' + text + '"');
    }
    expect(quoteJsonString('')).toBe('""');
  });

  it('quotes a string given to the script-safe writer directly, breaking every </', () => {
    expect(toScriptSafeJson('')).toBe('""');
    expect(toScriptSafeJson('</script>')).toBe('"<\\/script>"');
    expect(toScriptSafeJson('<</')).toBe('"<<\\/"');
    expect(toScriptSafeJson('<//')).toBe('"<\\//"');
    expect(toScriptSafeJson('</"')).toBe('"<\\/\\""');
    expect(toScriptSafeJson('a\n</b')).toBe('"a\\n<\\/b"');
    expect(toScriptSafeJson('< /')).toBe('"< /"');
    expect(toScriptSafeJson('&lt;tag&gt;')).toBe('"&lt;tag&gt;"');
    const long = 'x'.repeat(40);
    expect(toScriptSafeJson(long + '</b><i>' + long)).toBe('"' + long + '<\\/b><i>' + long + '"');
    expect(toScriptSafeJson(long + '<' + long)).toBe('"' + long + '<' + long + '"');
  });

  it('stays right after the memo of short strings has filled up and been emptied', () => {
    const texts = Array.from({ length: 10_000 }, (_, i) => `</${i}>"`);
    for (const text of [...texts, ...texts.slice(0, 50)]) expect(toScriptSafeJson(text)).toBe(scriptSafe(javaQuoted(text)));
  });

  it('agrees with the one-unit-at-a-time oracle on any text, keys included', () => {
    const units = fc.constantFrom('a', '<', '/', '"', '\\', '\n', '\u0001', '\u001f', '\u2028', '\ud800', 'é', ' ');
    const text = fc.string({ unit: units });
    // Past the memo's length limit of short strings.
    const longText = fc.string({ unit: units, minLength: 33, maxLength: 90 });
    fc.assert(
      fc.property(text, fc.oneof(text, longText), (key, value) => {
        expect(quoteJsonString(value)).toBe(javaQuoted(value));
        expect(toScriptSafeJson(value)).toBe(scriptSafe(javaQuoted(value)));
        const record = { [key]: value, n: [value] };
        const compact = `{${javaQuoted(key)}:${javaQuoted(value)},"n":[${javaQuoted(value)}]}`;
        expect(toCompactJson(record)).toBe(key === 'n' ? `{"n":[${javaQuoted(value)}]}` : compact);
        expect(toScriptSafeJson(record)).toBe(scriptSafe(toCompactJson(record)));
        expect(toScriptSafePrettyJson(record)).toBe(scriptSafe(toPrettyJson(record)));
      }),
    );
  });
});

describe('JSON numbers', () => {
  it('prints numbers as the reference nodes do', () => {
    expect(toCompactJson([1e21, -1e21, 2 ** 70])).toBe('[1000000000000000000000,-1000000000000000000000,1180591620717411303424]');
    expect(toCompactJson([-0, 0, 1e-7, 0.001, 0.000999, 1e7 + 0.5, 9999999.5, 3.14159])).toBe(
      '[0,0,1.0E-7,0.001,9.99E-4,1.00000005E7,9999999.5,3.14159]',
    );
    expect(toCompactJson([NaN, Infinity, -Infinity])).toBe('[null,null,null]');
    expect(toScriptSafeJson(NaN)).toBe('null');
    expect(toCompactJson([new JsonDouble(1), new JsonDouble(-0), new JsonDouble(1e7)])).toBe('[1.0,-0.0,1.0E7]');
  });
});

describe('JSON containers', () => {
  it('skips missing and function members, writes missing array items as null', () => {
    expect(toCompactJson({ a: undefined, b: () => 1, c: 1 })).toBe('{"c":1}');
    expect(toCompactJson({ a: undefined })).toBe('{}');
    expect(toCompactJson([undefined, () => 1, 2])).toBe('[null,null,2]');
    expect(toPrettyJson({ a: undefined })).toBe('{ }');
  });

  it('writes own keys only, in insertion order with integer keys first, and objects without a prototype', () => {
    const inherited = Object.create({ hidden: 1 }) as Record<string, unknown>;
    inherited.shown = 2;
    expect(toCompactJson(inherited)).toBe('{"shown":2}');
    expect(toCompactJson({ b: 1, 2: 'two', a: 3, 1: 'one' })).toBe('{"1":"one","2":"two","b":1,"a":3}');
    const bare: unknown = Object.assign(Object.create(null) as object, { hasOwnProperty: 'x' });
    expect(toCompactJson(bare)).toBe('{"hasOwnProperty":"x"}');
    expect(toCompactJson({ hasOwnProperty: 1 })).toBe('{"hasOwnProperty":1}');
  });

  it('breaks </ in keys and nested values only when meant for a script element', () => {
    const value = { '</k>': ['</v>', { x: '</y>' }] };
    expect(toCompactJson(value)).toBe('{"</k>":["</v>",{"x":"</y>"}]}');
    expect(toScriptSafeJson(value)).toBe('{"<\\/k>":["<\\/v>",{"x":"<\\/y>"}]}');
    expect(toScriptSafePrettyJson(value)).toBe('{\n  "<\\/k>": [ "<\\/v>", {\n    "x": "<\\/y>"\n  } ]\n}');
  });
});
