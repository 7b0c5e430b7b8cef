/**
 * Compile-time argument checks of the content plugins. Each returns the
 * problem text (from the message catalogue) or undefined when fine; counts
 * are checked with the core plugins' rules so every plugin words them alike.
 */
import { messages } from '../../messages.ts';
import { argsAtLeast, argsAtMost, argsExactly } from '../core/argument-checks.ts';
import { parseInt32 } from '../core/java-text.ts';

export const atMost = (max: number, args: readonly string[]): string | undefined => argsAtMost(args, max);

export const exactly = (count: number, args: readonly string[]): string | undefined => argsExactly(args, count);

/**
 * At least one argument, the first a 32-bit integer (the resize and thumbnail
 * formatters). One past that range fails the reference's integer parsing when
 * the template compiles, so it is refused here with the reference's words.
 */
export function leadingInteger(args: readonly string[]): string | undefined {
  const countProblem = argsAtLeast(args, 1);
  if (countProblem !== undefined) return countProblem;
  const first = args[0]!;
  // Java reads it with Integer.parseInt: text that is not a 32-bit whole number fails alike
  return parseInt32(first) !== undefined ? undefined : messages.notAnInt(first);
}
