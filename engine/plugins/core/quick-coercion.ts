/**
 * isTruthy and intOf for the hot loops of plugins that run once per item of a list (item-classes,
 * the product marks). Both are called from everywhere with every kind of value, so V8 inlines
 * neither into such a loop: each read is a call through a long switch. These answer the commonest
 * JSON values (a missing field, null, a boolean, text, a whole number) where they are called and
 * hand every other value to the shared function, so what they decide is exactly its answer.
 */
import { isTruthy } from '../../runtime/values.ts';
import { intOf } from './node-coercion.ts';

/** isTruthy(value). */
export function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  if (typeof value === 'string') return value !== '';
  return isTruthy(value);
}

/** intOf(value): a whole number in the int range is itself. */
export function wholeNumberOf(value: unknown): number {
  return typeof value === 'number' && (value | 0) === value ? value : intOf(value);
}
