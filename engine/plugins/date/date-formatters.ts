/**
 * `date` (strftime patterns in the website's time zone) and `timesince`
 * (a span with how long ago an instant was).
 */
import type { Formatter } from '../types.ts';
import { messages } from '../../messages.ts';
import { numberOf } from '../../runtime/values.ts';
import { cldrFor } from '../i18n/cldr.ts';
import { humanizeElapsed } from './humanize.ts';
import { localTimeOf } from './local-time.ts';
import { type CompiledPattern, formatLocalTime, strftimePattern } from './strftime.ts';
import { epochOf, isSupportedInstant, timeZoneOf } from './time-zone.ts';

/** Each formatter call's arguments are one array for the life of its template: its pattern is compiled once. */
const patternByArgs = new WeakMap<readonly string[], CompiledPattern>();
let lastArgs: readonly string[] | undefined;
let lastPattern: CompiledPattern | undefined;

function patternOf(args: readonly string[]): CompiledPattern {
  if (args === lastArgs) return lastPattern!;
  let pattern = patternByArgs.get(args);
  if (pattern === undefined) {
    pattern = strftimePattern(args.length === 1 ? args[0]! : args.join(' '));
    patternByArgs.set(args, pattern);
  }
  lastArgs = args;
  lastPattern = pattern;
  return pattern;
}

/** `{t|date %B %d, %Y}`: the arguments, joined by spaces, are the pattern. */
export const dateFormatter: Formatter = {
  apply(value, args, ctx) {
    // A missing or null value is the instant 0, as Java reads it (a missing node's long is 0).
    if (args.length === 0) return undefined;
    const epoch = epochOf(value);
    if (!isSupportedInstant(epoch)) {
      ctx.error(messages.julianDayRange);
      return undefined;
    }
    const pattern = patternOf(args);
    return formatLocalTime(pattern, localTimeOf(timeZoneOf(ctx), epoch), pattern.usesLocale ? cldrFor(ctx.locale) : undefined);
  },
};

/** `{t|timesince}`: only JSON numbers are instants; anything else reads 'Invalid date.'. */
export const timesinceFormatter: Formatter = {
  apply(value, _args, ctx) {
    const number = numberOf(value);
    if (number === undefined || !Number.isFinite(number)) return messages.invalidDate;
    const instant = Math.trunc(number);
    return `<span class="timesince" data-date="${instant}">${humanizeElapsed(ctx.now - instant)}</span>`;
  },
};
