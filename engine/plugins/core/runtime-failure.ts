/**
 * A failure of a core plugin while rendering, reproducing a case where the
 * reference's runtime raises an exception (a division by zero, a substring
 * out of range). The engine reports it as an unexpected error of the
 * instruction and emits nothing for it; `name` carries the reference's
 * exception type, which appears in that report.
 */
import { messages } from '../../messages.ts';

export const ARITHMETIC_EXCEPTION = 'ArithmeticException';
export const STRING_INDEX_EXCEPTION = 'StringIndexOutOfBoundsException';

export class PluginRuntimeFailure extends Error {
  constructor(type: string, message: string) {
    super(message);
    this.name = type;
  }
}

export function divideByZero(): PluginRuntimeFailure {
  return new PluginRuntimeFailure(ARITHMETIC_EXCEPTION, messages.divideByZero);
}

export function substringOutOfRange(end: number, length: number): PluginRuntimeFailure {
  return new PluginRuntimeFailure(STRING_INDEX_EXCEPTION, messages.substringRange(end, length));
}
