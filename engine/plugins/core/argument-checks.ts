/**
 * Argument-count checks for plugin validation. Each returns the reference's
 * problem text, or undefined when the count is acceptable.
 */
import { messages } from '../../messages.ts';

const NO_LIMIT = 2147483647;

export function argsBetween(args: readonly string[], min: number, max: number): string | undefined {
  if (args.length < min) return messages.argsNotEnough(min);
  if (args.length > max) return messages.argsTooMany(min, max);
  return undefined;
}

export function argsAtLeast(args: readonly string[], min: number): string | undefined {
  return argsBetween(args, min, NO_LIMIT);
}

export function argsAtMost(args: readonly string[], max: number): string | undefined {
  return argsBetween(args, 0, max);
}

export function argsExactly(args: readonly string[], count: number): string | undefined {
  return args.length === count ? undefined : messages.argsExactly(count);
}
