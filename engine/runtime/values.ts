/**
 * Value semantics of the template language, over plain JSON values.
 *
 * The engine works on the caller's JSON directly: `undefined` is the
 * "missing" value (a lookup that found nothing), `null` is JSON null.
 * These helpers reproduce the references' conversion rules (Jackson-style
 * booleans, numbers printed as JavaScript prints them) and never read
 * inherited properties, so `{constructor}` or `{__proto__}` find nothing.
 *
 * A JsonDouble (a whole number the data wrote as `1.0`, see json-double.ts)
 * is a number to every rule here; it only prints and compares as the Java
 * reference's double does. Plugins test for numbers with `isNumber` /
 * `numberOf`, never with `typeof`.
 */
import { JsonDouble } from './json-double.ts';

export { JsonBigInteger, JsonDouble, isJsonDouble, javaDoubleText } from './json-double.ts';

export const enum ValueType {
  Missing = 0,
  Object = 1,
  Array = 2,
  Number = 3,
  String = 4,
  Boolean = 5,
  Null = 6,
}

export type JsonObject = { [key: string]: unknown };

const hasOwn = Object.prototype.hasOwnProperty;

export function typeOf(value: unknown): ValueType {
  switch (typeof value) {
    case 'object':
      if (value === null) return ValueType.Null;
      if (Array.isArray(value)) return ValueType.Array;
      return value instanceof JsonDouble ? ValueType.Number : ValueType.Object;
    case 'string':
      return ValueType.String;
    case 'number':
      return ValueType.Number;
    case 'boolean':
      return ValueType.Boolean;
    default:
      return ValueType.Missing;
  }
}

export function isMissing(value: unknown): boolean {
  return value === undefined;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonDouble);
}

/**
 * The value as an object whose fields a formatter reads by literal name
 * (`record?.title`), or undefined for anything else (arrays, scalars, null,
 * missing, a JsonDouble). A read written at the formatter with a literal name
 * keeps an inline cache of its own, which the shared getNamed cannot (every
 * site in every template passes through it). For JSON data it reads exactly
 * what getNamed does provided the name is not one of Object.prototype's
 * (constructor, toString, ...), and formatters only read data fields this way.
 */
export function asRecord(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

/** Whether a value is a number: a JavaScript number or a JsonDouble. */
export function isNumber(value: unknown): value is number | JsonDouble {
  return typeof value === 'number' || value instanceof JsonDouble;
}

/** The number a value holds when it is a number (see isNumber); undefined otherwise. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return value instanceof JsonDouble ? value.value : undefined;
}

/** The plain JSON value: a JsonDouble becomes its number, anything else is returned as is. */
export function plainJson(value: unknown): unknown {
  return value instanceof JsonDouble ? value.value : value;
}

/** Truthiness of a section or `.if`: empty strings, arrays and objects, 0, NaN, null and missing are false. */
export function isTruthy(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value !== '';
    case 'number':
      return value === value && value !== 0;
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return false;
      if (Array.isArray(value)) return value.length !== 0;
      if (value instanceof JsonDouble) return value.value !== 0;
      for (const key in value) if (hasOwn.call(value, key)) return true;
      return false;
    default:
      return false;
  }
}

/** Jackson's asBoolean: only `true`, the string "true" and non-zero integers are true. */
export function asBoolean(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      return value === 'true';
    case 'number':
      return Number.isInteger(value) ? value !== 0 : false;
    default:
      // A JsonDouble is a double, which Jackson never reads as a boolean.
      return false;
  }
}

/** Text of a scalar; objects, arrays, null and missing give ''. */
export function asString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return value instanceof JsonDouble ? value.toString() : '';
    default:
      return '';
  }
}

/** Number of a value: strings parse as float when they contain '.', else as integer (NaN when not a number). */
export function asNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return value.indexOf('.') !== -1 ? parseFloat(value) : parseInt(value, 10);
    case 'boolean':
      return value ? 1 : 0;
    case 'object':
      return value instanceof JsonDouble ? value.value : 0;
    default:
      return 0;
  }
}

/** Own-property child of an object or array; anything else (and inherited names) is missing. */
export function getChild(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    if (typeof key === 'number') return key >= 0 && key < value.length ? value[key] : undefined;
    return undefined;
  }
  if (typeof key === 'string') {
    // Read first, as getNamed does: a missing name then costs no own-property test.
    const found = (value as JsonObject)[key];
    return found !== undefined && hasOwn.call(value, key) ? found : undefined;
  }
  return hasOwn.call(value, key) ? (value as JsonObject)[key as unknown as string] : undefined;
}

/**
 * getChild for a name (the common case, a path segment that is not a
 * number): own property of an object, missing for anything else, arrays
 * included. Small so that compiled lookups inline it.
 */
export function getNamed(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return getOwn(value as JsonObject, key);
}

/** Own property `key` of an object known not to be an array; missing when absent or inherited. */
export function getOwn(value: JsonObject, key: string): unknown {
  // Read first: most misses (a lookup walking outward) then cost no own-property test.
  const found = value[key];
  return found !== undefined && hasOwn.call(value, key) ? found : undefined;
}

/** Walks a path of keys from a value; missing as soon as a step is missing. */
export function getPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (let i = 0; i < path.length; i++) {
    current = getChild(current, path[i]!);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Number of properties of an object or elements of an array; 0 otherwise. */
export function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}

/**
 * Structural equality of JSON values. As in the Java reference, a JsonDouble
 * equals another of the same value but never a plain integer (1.0 is not 1).
 */
export function deepEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    // NaN is never equal; undefined equals only undefined.
    return false;
  }
  if (a instanceof JsonDouble || b instanceof JsonDouble) {
    // Of one kind (a double, or a big integer) and one value.
    return a instanceof JsonDouble && b instanceof JsonDouble && a.constructor === b.constructor && a.value === b.value;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEquals(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a as JsonObject);
  const bk = Object.keys(b as JsonObject);
  if (ak.length !== bk.length) return false;
  for (const k of ak) {
    if (!hasOwn.call(b, k) || !deepEquals((a as JsonObject)[k], (b as JsonObject)[k])) return false;
  }
  return true;
}

/** Ordering of the references' comparison predicates: by the left value's type. */
export function compareValues(left: unknown, right: unknown): number {
  switch (typeof left) {
    case 'number': {
      const n = asNumber(right);
      return left < n ? -1 : left === n ? 0 : 1;
    }
    case 'string': {
      const s = asString(right);
      return left < s ? -1 : left === s ? 0 : 1;
    }
    case 'boolean': {
      const b = asBoolean(right);
      return left === b ? 0 : left ? 1 : -1;
    }
    case 'object':
      if (left instanceof JsonDouble) return compareValues(left.value, right);
      return deepEquals(left, right) ? 0 : -1;
    default:
      return deepEquals(left, right) ? 0 : -1;
  }
}

/** Whether a value may be used as an object key without reaching the prototype chain. */
export function isSafeKey(key: string): boolean {
  return key !== '__proto__' && key !== 'constructor' && key !== 'prototype';
}
