/**
 * A failure of a plugin while rendering, reproducing a case where the
 * reference's runtime raises an exception (a division by zero, a substring
 * out of range, an image size that is not a 32-bit integer). The engine
 * reports it as an unexpected error of the instruction and emits nothing for
 * it; `name` carries the reference's exception type, which appears in that
 * report.
 */
import { messages } from '../../messages.ts';

export const ARITHMETIC_EXCEPTION = 'ArithmeticException';
export const STRING_INDEX_EXCEPTION = 'StringIndexOutOfBoundsException';
export const NUMBER_FORMAT_EXCEPTION = 'NumberFormatException';

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

export function notAnInt(text: string): PluginRuntimeFailure {
  return new PluginRuntimeFailure(NUMBER_FORMAT_EXCEPTION, messages.notAnInt(text));
}
