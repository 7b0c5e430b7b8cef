/**
 * Compile-time argument checks shared by the content plugins. Each returns
 * the problem text (from the message catalogue) or undefined when fine.
 */
import { messages } from '../../messages.ts';

const INTEGER = /^[+-]?\d+$/;

export function isIntegerArgument(arg: string): boolean {
  return INTEGER.test(arg);
}

export function atMost(max: number, args: readonly string[]): string | undefined {
  return args.length > max ? messages.contentArgsAtMost(max, args.length) : undefined;
}

export function atLeast(min: number, args: readonly string[]): string | undefined {
  return args.length < min ? messages.contentArgsAtLeast(min, args.length) : undefined;
}

export function exactly(count: number, args: readonly string[]): string | undefined {
  return args.length !== count ? messages.contentArgsExactly(count, args.length) : undefined;
}

/** At least one argument, the first an integer (the resize and thumbnail formatters). */
export function leadingInteger(args: readonly string[]): string | undefined {
  const countProblem = atLeast(1, args);
  if (countProblem !== undefined) return countProblem;
  return isIntegerArgument(args[0]!) ? undefined : messages.contentArgInteger(args[0]!);
}
