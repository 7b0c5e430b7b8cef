/**
 * Conversions of JSON values the way the reference's JSON nodes convert
 * themselves (`asText`, `asLong`, `asInt`, `asDouble`, `asBoolean`).
 *
 * They differ from the engine's general value rules on purpose: core
 * formatters and predicates reproduce the reference byte for byte, and there
 * `null` reads as the text "null", text parses leniently as a number, and
 * fractional numbers truncate toward zero when read as integers.
 */
import { JsonDouble } from '../../runtime/values.ts';
import { parseInt32, parseInt64, trimControl } from './java-text.ts';
import { numberText } from './number-text.ts';

const JAVA_DOUBLE = /^[+-]?(?:NaN|Infinity|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?)$/;
const LONG_LIMIT = 9223372036854775807;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** Text of a value: scalars print, `null` is "null", containers and missing are ''. */
export function textOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberText(value);
    case 'boolean':
      return String(value);
    case 'object':
      if (value instanceof JsonDouble) return value.toString();
      return value === null ? 'null' : '';
    default:
      return '';
  }
}

/** Like textOf, but `null` gives '' (the reference's "eat null"). */
export function textOrBlank(value: unknown): string {
  return value === null ? '' : textOf(value);
}

/** Parses text as a floating number the way the reference does; undefined when it is not one. */
function parseDoubleText(text: string): number | undefined {
  const trimmed = trimControl(text);
  if (!JAVA_DOUBLE.test(trimmed)) return undefined;
  const body = /[fFdD]$/.test(trimmed) ? trimmed.slice(0, -1) : trimmed;
  return Number(body);
}

/** Casts a double to a 64-bit integer: truncation, NaN to 0, saturation at the range ends. */
function doubleToLong(value: number): number {
  if (Number.isNaN(value)) return 0;
  if (value >= LONG_LIMIT) return LONG_LIMIT;
  if (value <= -LONG_LIMIT) return -LONG_LIMIT;
  return Math.trunc(value);
}

function doubleToInt(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(value)));
}

/**
 * Parses text as an integer: whole-number text exactly (0 when out of range),
 * anything else through the double syntax and a truncating cast.
 */
function parseIntegerText(
  text: string,
  parseExact: (digits: string) => number | undefined,
  castDouble: (value: number) => number,
): number {
  let trimmed = trimControl(text);
  if (trimmed === '') return 0;
  if (trimmed[0] === '+') trimmed = trimmed.slice(1);
  if (/^-?[0-9]*$/.test(trimmed)) return parseExact(trimmed) ?? 0;
  const parsed = parseDoubleText(trimmed);
  return parsed === undefined ? 0 : castDouble(parsed);
}

export function doubleOf(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return parseDoubleText(value) ?? 0;
    case 'boolean':
      return value ? 1 : 0;
    case 'object':
      return value instanceof JsonDouble ? value.value : 0;
    default:
      return 0;
  }
}

export function longOf(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return doubleToLong(value);
    case 'string':
      return parseIntegerText(value, parseInt64, doubleToLong);
    case 'boolean':
      return value ? 1 : 0;
    case 'object':
      return value instanceof JsonDouble ? doubleToLong(value.value) : 0;
    default:
      return 0;
  }
}

export function intOf(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return doubleToInt(value);
    case 'string':
      return parseIntegerText(value, parseInt32, doubleToInt);
    case 'boolean':
      return value ? 1 : 0;
    case 'object':
      return value instanceof JsonDouble ? doubleToInt(value.value) : 0;
    default:
      return 0;
  }
}

/** Only `true`, text reading "true" (trimmed) and non-zero whole numbers are true (never a double such as 1.0). */
export function booleanOf(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      return trimControl(value) === 'true';
    case 'number':
      return Number.isInteger(value) && value !== 0;
    default:
      return false;
  }
}
