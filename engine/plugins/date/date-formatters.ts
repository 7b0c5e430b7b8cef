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

/**
 * One `date` call of a template: its pattern, compiled once (each call's arguments are one array
 * for the life of its template), and the texts it has written, for the time zone and locale they
 * were written in. A list shows the same few instants on every render, and working out a local
 * time and writing it cost more than the rest of a blog list's item.
 */
interface DateCall {
  readonly pattern: CompiledPattern;
  zone: string;
  locale: string;
  readonly texts: Map<number, string>;
}

/** Texts kept per call: a page of a list; a longer list starts afresh when it fills (a few KB per call). */
const MAX_KEPT_TEXTS = 64;

const callByArgs = new WeakMap<readonly string[], DateCall>();
let lastArgs: readonly string[] | undefined;
let lastCall: DateCall | undefined;

function callOf(args: readonly string[]): DateCall {
  if (args === lastArgs) return lastCall!;
  let call = callByArgs.get(args);
  if (call === undefined) {
    call = { pattern: strftimePattern(args.length === 1 ? args[0]! : args.join(' ')), zone: '', locale: '', texts: new Map() };
    callByArgs.set(args, call);
  }
  lastArgs = args;
  lastCall = call;
  return call;
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
    const call = callOf(args);
    const zone = timeZoneOf(ctx);
    const locale = call.pattern.usesLocale ? ctx.locale : '';
    if (zone !== call.zone || locale !== call.locale) {
      call.texts.clear();
      call.zone = zone;
      call.locale = locale;
    }
    let text = call.texts.get(epoch);
    if (text === undefined) {
      text = formatLocalTime(call.pattern, localTimeOf(zone, epoch), call.pattern.usesLocale ? cldrFor(ctx.locale) : undefined);
      if (call.texts.size >= MAX_KEPT_TEXTS) call.texts.clear();
      call.texts.set(epoch, text);
    }
    return text;
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
