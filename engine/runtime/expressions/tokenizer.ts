/**
 * Splits expression text into tokens: numbers, strings with escapes,
 * template variable references, constants, function names and operators.
 *
 * While tokens are pushed, `+`/`-` become unary when nothing or an operator
 * (other than `)`) precedes them, and a single-name reference directly
 * followed by `(` becomes a function call — or an error when no built-in has
 * that name. After the first error no further tokens are accepted, but
 * scanning goes on, so a later malformed string still reports its own error
 * (as in the references).
 */
import { CONSTANTS, FUNCTIONS } from './builtins.ts';
import { characterKind, escapeCharacter, expressionErrors } from './errors.ts';
import { hexDigitsValue, scanDecimal, scanHexDigits } from './numeric-text.ts';
import { OPERATORS, type Operator } from './operators.ts';
import { literalToken, operatorToken, type OperatorToken, type Token, type VariableToken } from './tokens.ts';

export interface TokenizeResult {
  readonly tokens: Token[];
  readonly errors: string[];
}

/** One shared token per operator: tokens are immutable. */
const OPERATOR_TOKENS = new Map<Operator, OperatorToken>(
  Object.values(OPERATORS).map((operator) => [operator, operatorToken(operator)]),
);
const tokenFor = (operator: Operator): OperatorToken => OPERATOR_TOKENS.get(operator)!;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/* Character codes, for the reference scanner (the hottest part of tokenizing). */
const AT = 64;
const DOLLAR = 36;
const DOT = 46;
const UNDERSCORE = 95;
const HYPHEN = 45;

const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
const isLetterCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isWordCode = (c: number): boolean => isLetterCode(c) || isDigitCode(c) || c === UNDERSCORE || c === HYPHEN;

/** End of one reference segment (`@`, digits, or a word with an optional `@`/`$`), longest match; -1 if none. */
function segmentEnd(text: string, start: number, end: number): number {
  let best = -1;
  const first = start < end ? text.charCodeAt(start) : -1;
  if (first === AT) best = start + 1;
  let digits = start;
  while (digits < end && isDigitCode(text.charCodeAt(digits))) digits++;
  if (digits > start) best = Math.max(best, digits);
  let word = start;
  if (first === AT || first === DOLLAR) word++;
  if (word < end && isLetterCode(text.charCodeAt(word))) {
    word++;
    while (word < end && isWordCode(text.charCodeAt(word))) word++;
    best = Math.max(best, word);
  }
  return best;
}

/** End of a dotted variable reference starting at `start`; -1 if there is none. */
function referenceEnd(text: string, start: number, end: number): number {
  let position = segmentEnd(text, start, end);
  if (position < 0) return -1;
  while (position < end && text.charCodeAt(position) === DOT) {
    const next = segmentEnd(text, position + 1, end);
    if (next < 0) break;
    position = next;
  }
  return position;
}

const MAX_INDEX_SEGMENT = 0x7fffffff;

/** A path segment: all digits is an index, unless too large for one (then it stays a string). */
function pathSegment(segment: string): string | number {
  if (segment === '') return segment;
  for (let i = 0; i < segment.length; i++) if (!isDigitCode(segment.charCodeAt(i))) return segment;
  const index = parseInt(segment, 10);
  return index <= MAX_INDEX_SEGMENT ? index : segment;
}

/** Splits `a.0.b` into `['a', 0, 'b']`. */
function variableToken(reference: string): VariableToken {
  if (reference === '@') return { type: 'variable', path: ['@'], isCurrentNode: true };
  const path: (string | number)[] = [];
  let start = 0;
  for (let dot = reference.indexOf('.'); dot >= 0; dot = reference.indexOf('.', start)) {
    path.push(pathSegment(reference.slice(start, dot)));
    start = dot + 1;
  }
  path.push(pathSegment(reference.slice(start)));
  return { type: 'variable', path, isCurrentNode: false };
}

class Tokenizer {
  readonly tokens: Token[] = [];
  readonly errors: string[] = [];

  constructor(
    private readonly text: string,
    private readonly maxTokens: number,
  ) {}

  run(): void {
    const text = this.text;
    const length = text.length;
    let i = 0;
    while (i < length) {
      const c0 = text[i]!;
      const c1 = text[i + 1];
      if (isDigit(c0)) {
        i = c0 === '0' && (c1 === 'x' || c1 === 'X') ? this.hexNumber(i + 2) : this.decimalNumber(i);
        if (i < 0) return;
        continue;
      }
      switch (c0) {
        case '"':
        case "'":
          i = this.string(i + 1, c0);
          if (i < 0) return;
          continue;
        case '*':
          if (c1 === '*') {
            i++;
            this.pushOperator(OPERATORS.pow);
          } else {
            this.pushOperator(OPERATORS.mul);
          }
          break;
        case '/':
          this.pushOperator(OPERATORS.div);
          break;
        case '%':
          this.pushOperator(OPERATORS.mod);
          break;
        case '+':
          this.pushOperator(OPERATORS.add);
          break;
        case '-':
          this.pushOperator(OPERATORS.sub);
          break;
        case '=':
          if (c1 === '=') {
            i++;
            if (text[i + 1] === '=') {
              i++;
              this.pushOperator(OPERATORS.strictEq);
            } else {
              this.pushOperator(OPERATORS.eq);
            }
          } else {
            this.pushOperator(OPERATORS.assign);
          }
          break;
        case '!':
          if (c1 === '=') {
            i++;
            if (text[i + 1] === '=') {
              i++;
              this.pushOperator(OPERATORS.strictNeq);
            } else {
              this.pushOperator(OPERATORS.neq);
            }
          } else {
            this.pushOperator(OPERATORS.not);
          }
          break;
        case '<':
          if (c1 === '<') {
            i++;
            this.pushOperator(OPERATORS.shiftLeft);
          } else if (c1 === '=') {
            i++;
            this.pushOperator(OPERATORS.lte);
          } else {
            this.pushOperator(OPERATORS.lt);
          }
          break;
        case '>':
          if (c1 === '>') {
            i++;
            this.pushOperator(OPERATORS.shiftRight);
          } else if (c1 === '=') {
            i++;
            this.pushOperator(OPERATORS.gte);
          } else {
            this.pushOperator(OPERATORS.gt);
          }
          break;
        case '~':
          this.pushOperator(OPERATORS.bitNot);
          break;
        case '&':
          if (c1 === '&') {
            i++;
            this.pushOperator(OPERATORS.and);
          } else {
            this.pushOperator(OPERATORS.bitAnd);
          }
          break;
        case '|':
          if (c1 === '|') {
            i++;
            this.pushOperator(OPERATORS.or);
          } else {
            this.pushOperator(OPERATORS.bitOr);
          }
          break;
        case '^':
          this.pushOperator(OPERATORS.bitXor);
          break;
        case ',':
          this.pushOperator(OPERATORS.comma);
          break;
        case ';':
          this.pushOperator(OPERATORS.semicolon);
          break;
        case '(':
          this.pushOperator(OPERATORS.leftParen);
          break;
        case ')':
          this.pushOperator(OPERATORS.rightParen);
          break;
        case ' ':
        case '\n':
        case '\t':
        case '\r':
        case '\u00a0':
          break;
        default: {
          const end = referenceEnd(text, i, length);
          if (end < 0) {
            this.errors.push(expressionErrors.unexpectedCharacter(characterKind(c0), i, escapeCharacter(c0)));
            return;
          }
          this.reference(text.slice(i, end));
          i = end;
          continue;
        }
      }
      i++;
    }
  }

  /** A name is a constant when it is one (so `{"PI": 1}` needs `@.PI`), otherwise a variable reference. */
  private reference(reference: string): void {
    const constant = CONSTANTS.get(reference);
    if (constant !== undefined) {
      this.push(literalToken(constant));
    } else {
      this.push(variableToken(reference));
    }
  }

  private decimalNumber(start: number): number {
    const scan = scanDecimal(this.text, start, this.text.length);
    if (!scan.ok) {
      this.errors.push(expressionErrors.decimal(scan.error));
      return -1;
    }
    this.push(literalToken(Number(this.text.slice(start, scan.end))));
    return scan.end;
  }

  private hexNumber(start: number): number {
    const end = scanHexDigits(this.text, start, this.text.length);
    if (end === start) {
      this.errors.push(expressionErrors.hexDigits);
      return -1;
    }
    this.push(literalToken(hexDigitsValue(this.text.slice(start, end))));
    return end;
  }

  /** Scans a string literal after its opening quote; returns the index after the closing quote, or -1. */
  private string(start: number, quote: string): number {
    const text = this.text;
    const length = text.length;
    let value = '';
    let i = start;
    while (i < length) {
      const c = text[i]!;
      if (c === '\\' && i + 1 < length) {
        const escape = text[i + 1]!;
        switch (escape) {
          case 'n':
            value += '\n';
            break;
          case 't':
            value += '\t';
            break;
          case 'f':
            value += '\f';
            break;
          case 'r':
            value += '\r';
            break;
          case 'x': {
            const digits = i + 2;
            // The references insist on room for two digits *and* something after them.
            if (digits + 2 >= length || scanHexDigits(text, digits, digits + 2) !== digits + 2) {
              this.errors.push(expressionErrors.invalidHexEscape);
              return -1;
            }
            value += escapedCharacter(parseInt(text.slice(digits, digits + 2), 16));
            i = digits + 2;
            continue;
          }
          case 'u':
          case 'U': {
            // `\u` takes exactly 4 hex digits, `\U` exactly 8.
            const digits = i + 2;
            const limit = digits + (escape === 'u' ? 4 : 8);
            if (scanHexDigits(text, digits, Math.min(limit, length)) !== limit) {
              this.errors.push(expressionErrors.invalidUnicodeEscape);
              return -1;
            }
            value += escapedCharacter(parseInt(text.slice(digits, limit), 16));
            i = limit;
            continue;
          }
          default:
            value += escape;
        }
        i += 2;
        continue;
      }
      if (c === quote) {
        this.push(literalToken(value));
        return i + 1;
      }
      if (c === '\n' || c === '\r') {
        this.errors.push(expressionErrors.bareLineBreak(characterKind(c)));
        return -1;
      }
      value += c;
      i++;
    }
    this.errors.push(expressionErrors.unterminatedString);
    return -1;
  }

  private pushOperator(operator: Operator): void {
    this.push(tokenFor(operator));
  }

  private push(token: Token): void {
    if (this.errors.length > 0) return;
    const previous = this.tokens[this.tokens.length - 1];
    if (token.type === 'operator') {
      const kind = token.operator.kind;
      if (kind === 'add' || kind === 'sub') {
        const afterOperand =
          previous !== undefined && (previous.type !== 'operator' || previous.operator.kind === 'rightParen');
        if (!afterOperand) token = tokenFor(kind === 'sub' ? OPERATORS.minus : OPERATORS.plus);
      } else if (kind === 'leftParen' && previous?.type === 'variable' && !previous.isCurrentNode && previous.path.length === 1) {
        const name = String(previous.path[0]);
        if (!FUNCTIONS.has(name)) {
          this.errors.push(expressionErrors.invalidFunction(name));
          return;
        }
        this.tokens[this.tokens.length - 1] = { type: 'call', name };
      }
    }
    this.tokens.push(token);
    if (this.maxTokens > 0 && this.tokens.length > this.maxTokens) {
      this.errors.push(expressionErrors.tooManyTokens(this.maxTokens));
    }
  }
}

/**
 * The character of an escape code. ASCII control codes other than tab, line
 * feed, vertical tab, form feed and carriage return, and codes beyond
 * Unicode, become a space.
 */
function escapedCharacter(code: number): string {
  if (code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff) return ' ';
  return String.fromCodePoint(code);
}

export function tokenize(text: string, maxTokens: number): TokenizeResult {
  const tokenizer = new Tokenizer(text, maxTokens);
  tokenizer.run();
  return { tokens: tokenizer.tokens, errors: tokenizer.errors };
}
