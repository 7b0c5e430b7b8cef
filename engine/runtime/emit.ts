/**
 * How a value becomes output: strings, numbers and booleans as text
 * (numbers as JavaScript prints them, a JsonDouble as the Java reference
 * prints its double: "1.0"), arrays as their elements joined by commas, and
 * objects, null and missing values as nothing.
 */
import { JsonDouble } from './json-double.ts';
import type { RenderState } from './render-state.ts';

export function emitValue(r: RenderState, value: unknown): void {
  if (typeof value === 'string') r.buf += value;
  else if (value !== undefined) r.buf += valueText(value);
}

/** The text of a value that is not a string (see emitValue). */
export function valueText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      if (Array.isArray(value)) return arrayText(value);
      if (value instanceof JsonDouble) return value.plainText();
      return '';
    default:
      return '';
  }
}

/**
 * Elements appended one by one, as the references do (nested arrays flatten,
 * objects print as JavaScript does, a JsonDouble through its own toString).
 * `nested`: a list inside a list, whose missing and null elements print as
 * nothing, as String() of a list prints them.
 */
function arrayText(list: readonly unknown[], nested = false): string {
  let s = '';
  for (let i = 0; i < list.length; i++) {
    if (i > 0) s += ',';
    const element = list[i];
    if (!nested || (element !== null && element !== undefined)) s += elementText(element);
  }
  return s;
}

/**
 * An element as String() prints it. Data can hold objects String() cannot print: JSON with a
 * `toString` or `valueOf` key, or a host's object without a prototype. Those print as any other
 * object does, `[object Object]` (and a list holding one as its elements), where String() would throw.
 */
function elementText(element: unknown): string {
  try {
    return String(element);
  } catch {
    return Array.isArray(element) ? arrayText(element, true) : '[object Object]';
  }
}
