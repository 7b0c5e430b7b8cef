/**
 * The engine's JSON reader: `JSON.parse` semantics (same grammar, same
 * values, `__proto__` as an ordinary key, the last of duplicate keys wins),
 * except that a whole number written with a fraction or an exponent (`1.0`,
 * `1e3`) becomes a JsonDouble, and a whole number past 2^53 a JsonBigInteger
 * with its digits, so templates print and compare them as the Java reference
 * does. Everything else is a plain JavaScript value.
 */
import { messages } from '../messages.ts';
import { JsonBigInteger, JsonDouble } from './json-double.ts';

const enum Char {
  Tab = 0x09,
  Newline = 0x0a,
  Return = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  UpperE = 0x45,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  LowerE = 0x65,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const HEX4 = /^[0-9a-fA-F]{4}$/;

/** A malformed JSON text: the problem and the offset it was met at, for tools that show line and column. */
export class JsonSyntaxError extends SyntaxError {
  constructor(
    readonly problem: string,
    readonly position: number,
  ) {
    super(messages.jsonSyntax(problem, position));
  }
}

/**
 * Arrays and objects nested deeper than a reader's `maxDepth`: well-formed, but deeper than its
 * caller accepts (a page's context is a few levels deep).
 */
export class JsonTooDeepError extends Error {
  constructor(
    readonly limit: number,
    readonly position: number,
  ) {
    super(messages.jsonTooDeep(limit, position));
  }
}

export interface JsonReadOptions {
  /** Deepest nesting of arrays and objects read; a deeper one throws a JsonTooDeepError (default: no limit). */
  maxDepth?: number;
}

/** Reads JSON text; throws a JsonSyntaxError naming the problem and its position. */
export function parseJson(text: string, options: JsonReadOptions = {}): unknown {
  const reader = new Reader(text, options.maxDepth ?? Infinity);
  reader.skipSpace();
  const value = reader.value();
  reader.skipSpace();
  if (reader.pos < text.length) reader.fail('unexpected text after the value');
  return value;
}

/** An array or object being read, with the key its next value goes under (objects). */
type Open = { container: unknown[]; key: undefined } | { container: Record<string, unknown>; key: string };

class Reader {
  pos = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  fail(problem: string): never {
    throw new JsonSyntaxError(problem, this.pos);
  }

  skipSpace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c !== Char.Space && c !== Char.Newline && c !== Char.Return && c !== Char.Tab) break;
      pos++;
    }
    this.pos = pos;
  }

  value(): unknown {
    const c = this.text.charCodeAt(this.pos);
    return c === Char.OpenBrace || c === Char.OpenBracket ? this.nested() : this.scalar(c);
  }

  /**
   * The array or object at `pos`, with everything nested in it. The arrays and objects still open
   * are kept on a list of this loop's own rather than on the call stack, so a text nested any
   * depth is read (a golden file's data, an injected file) instead of exhausting the stack.
   */
  private nested(): unknown {
    const text = this.text;
    const open: Open[] = [];
    for (;;) {
      // At a value: an array or object starts here, or a value that ends here.
      let value: unknown;
      const c = text.charCodeAt(this.pos);
      if (c === Char.OpenBrace || c === Char.OpenBracket) {
        if (open.length >= this.maxDepth) throw new JsonTooDeepError(this.maxDepth, this.pos);
        this.pos++;
        this.skipSpace();
        if (c === Char.OpenBracket) {
          if (text.charCodeAt(this.pos) !== Char.CloseBracket) {
            open.push({ container: [], key: undefined });
            continue;
          }
          value = [];
        } else {
          if (text.charCodeAt(this.pos) !== Char.CloseBrace) {
            open.push({ container: {}, key: this.propertyName() });
            continue;
          }
          value = {};
        }
        this.pos++;
      } else {
        value = this.scalar(c);
      }
      // A value ended: it goes into the innermost open array or object, which then goes on after
      // a comma or ends, in which case it is the value that ended, one level out.
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return value;
        this.skipSpace();
        const next = text.charCodeAt(this.pos);
        this.pos++;
        if (top.key === undefined) {
          top.container.push(value);
          if (next === Char.Comma) break;
          if (next !== Char.CloseBracket) {
            this.pos--;
            this.fail("expected ',' or ']'");
          }
        } else {
          // A plain assignment to "__proto__" would replace the prototype instead of adding a key.
          if (top.key === '__proto__') Object.defineProperty(top.container, top.key, { value, enumerable: true, writable: true, configurable: true });
          else top.container[top.key] = value;
          if (next === Char.Comma) {
            this.skipSpace();
            top.key = this.propertyName();
            break;
          }
          if (next !== Char.CloseBrace) {
            this.pos--;
            this.fail("expected ',' or '}'");
          }
        }
        value = top.container;
        open.pop();
      }
      this.skipSpace();
    }
  }

  /** A property name and its colon, up to the value. */
  private propertyName(): string {
    if (this.text.charCodeAt(this.pos) !== Char.Quote) this.fail('expected a property name');
    const key = this.string();
    this.skipSpace();
    this.expect(Char.Colon, "':'");
    this.skipSpace();
    return key;
  }

  /** A string, number, true, false or null starting with `c`. */
  private scalar(c: number): unknown {
    switch (c) {
      case Char.Quote:
        return this.string();
      default:
        if (c === Char.Minus || (c >= Char.Zero && c <= Char.Nine)) return this.number();
        if (this.keyword('true')) return true;
        if (this.keyword('false')) return false;
        if (this.keyword('null')) return null;
        return this.fail(Number.isNaN(c) ? 'unexpected end of input' : 'unexpected character');
    }
  }

  private keyword(word: string): boolean {
    if (!this.text.startsWith(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  private expect(c: Char, what: string): void {
    if (this.text.charCodeAt(this.pos) !== c) this.fail(`expected ${what}`);
    this.pos++;
  }

  private string(): string {
    const text = this.text;
    let pos = this.pos + 1;
    let start = pos;
    let out = '';
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Char.Quote) break;
      if (Number.isNaN(c)) {
        this.pos = pos;
        this.fail('unterminated string');
      }
      if (c < Char.Space) {
        this.pos = pos;
        this.fail('control character in string');
      }
      if (c !== Char.Backslash) {
        pos++;
        continue;
      }
      out += text.slice(start, pos);
      const e = text[pos + 1] ?? '';
      if (e === 'u') {
        const hex = text.slice(pos + 2, pos + 6);
        if (!HEX4.test(hex)) {
          this.pos = pos;
          this.fail('invalid unicode escape');
        }
        out += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else {
        const escaped = ESCAPES[e];
        if (escaped === undefined) {
          this.pos = pos;
          this.fail('invalid escape');
        }
        out += escaped;
        pos += 2;
      }
      start = pos;
    }
    this.pos = pos + 1;
    return out + text.slice(start, pos);
  }

  private digits(): number {
    const text = this.text;
    const start = this.pos;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (!(c >= Char.Zero && c <= Char.Nine)) break; // NaN past the end stops too
      this.pos++;
    }
    return this.pos - start;
  }

  private number(): number | JsonDouble {
    const text = this.text;
    const start = this.pos;
    if (text.charCodeAt(this.pos) === Char.Minus) this.pos++;
    const first = text.charCodeAt(this.pos);
    if (first === Char.Zero) this.pos++;
    else if (this.digits() === 0) this.fail('expected a digit');
    let floating = false;
    if (text.charCodeAt(this.pos) === Char.Dot) {
      this.pos++;
      if (this.digits() === 0) this.fail('expected a digit after the decimal point');
      floating = true;
    }
    const e = text.charCodeAt(this.pos);
    if (e === Char.LowerE || e === Char.UpperE) {
      this.pos++;
      const sign = text.charCodeAt(this.pos);
      if (sign === Char.Plus || sign === Char.Minus) this.pos++;
      if (this.digits() === 0) this.fail('expected a digit in the exponent');
      floating = true;
    }
    const literal = text.slice(start, this.pos);
    const value = Number(literal);
    if (floating) return Number.isInteger(value) ? new JsonDouble(value) : value;
    // Integers a double cannot hold exactly keep their digits, as the Java reference's long and big integers do.
    return Number.isSafeInteger(value) ? value : new JsonBigInteger(literal);
  }
}
