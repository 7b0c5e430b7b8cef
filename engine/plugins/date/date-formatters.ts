/**
 * `date` (strftime patterns in the website's time zone) and `timesince`
 * (a span with how long ago an instant was).
 */
import type { Formatter, RenderContext } from '../types.ts';
import { messages } from '../../messages.ts';
import { numberOf } from '../../runtime/values.ts';
import { cldrFor } from '../i18n/cldr.ts';
import { humanizeElapsed } from './humanize.ts';
import { localTimeOf } from './local-time.ts';
import { type CompiledPattern, formatLocalTime, strftimePattern } from './strftime.ts';
import { epochOf, isSupportedInstant, timeZoneOf } from './time-zone.ts';

/**
 * One `date` call of a template: its pattern, compiled once when the call is bound, and the texts
 * it has written, for the time zone and locale they were written in. A list shows the same few
 * instants on every render, and working out a local time and writing it cost more than the rest
 * of a blog list's item.
 */
interface DateCall {
  readonly pattern: CompiledPattern;
  zone: string;
  locale: string;
  readonly texts: Map<number, string>;
}

/** Texts kept per call: a page of a list; a longer list starts afresh when it fills (a few KB per call). */
const MAX_KEPT_TEXTS = 64;

function dateCall(args: readonly string[]): DateCall {
  return { pattern: strftimePattern(args.length === 1 ? args[0]! : args.join(' ')), zone: '', locale: '', texts: new Map() };
}

/** Calls made without binding (a formatter applied by hand): one DateCall per arguments array still. */
const callByArgs = new WeakMap<readonly string[], DateCall>();

function callOf(args: readonly string[]): DateCall {
  let call = callByArgs.get(args);
  if (call === undefined) {
    call = dateCall(args);
    callByArgs.set(args, call);
  }
  return call;
}

function formatDate(call: DateCall, value: unknown, ctx: RenderContext): string | undefined {
  // A missing or null value is the instant 0, as Java reads it (a missing node's long is 0).
  const epoch = epochOf(value);
  if (!isSupportedInstant(epoch)) {
    ctx.error(messages.julianDayRange);
    return undefined;
  }
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
}

/** `{t|date %B %d, %Y}`: the arguments, joined by spaces, are the pattern (none: no output). */
export const dateFormatter: Formatter = {
  apply(value, args, ctx) {
    return args.length === 0 ? undefined : formatDate(callOf(args), value, ctx);
  },
  bind(args) {
    if (args.length === 0) return { apply: () => undefined };
    const call = dateCall(args);
    return { apply: (value, _args, ctx) => formatDate(call, value, ctx) };
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
