/**
 * Message evaluation with CLDR plural rules, extended with the platform's
 * formatting functions: `{0 money}`, `{0 decimal style:short}`,
 * `{0 datetime date:long}`, `{0;1 datetime-interval}`, `{0 unit in:byte}`.
 */
import { Decimal, DefaultMessageArgConverter, MessageFormatter } from '@phensley/cldr';
import type { CLDR, MessageArgConverter, MessageFormatFuncMap, CurrencyType } from '@phensley/cldr';
import { epochOf, isAbsent, isSupportedInstant } from '../date/time-zone.ts';
import { asRecord, asString, typeOf, ValueType } from '../../runtime/values.ts';
import { cldrFor, LOCALE_CACHE_LIMIT, MAX_CACHED_LOCALE_LENGTH, normalizeLocale } from './cldr.ts';
import { limitFractionDigits, toDecimal } from './decimal-value.ts';
import { formatUnit } from './message-units.ts';
import { currencyOptions, datetimeOptions, decimalOptions, intervalOptions } from './options.ts';

const ZERO = new Decimal(0);
const ONE = new Decimal(1);

/** The amount of a money object ({decimalValue} or {value}), if the value is one. */
function moneyAmount(value: unknown): unknown {
  const decimalValue = asRecord(value)?.decimalValue;
  return decimalValue !== undefined ? decimalValue : asRecord(value)?.value;
}

/**
 * Reads template values as message arguments: money objects count as their
 * amount, booleans as 1 and 0, text as its number when it has one, and
 * anything else as zero.
 */
class TemplateArgConverter implements MessageArgConverter {
  private readonly fallback = new DefaultMessageArgConverter();

  asDecimal(arg: unknown): Decimal {
    const amount = moneyAmount(arg);
    if (amount !== undefined) return toDecimal(amount) ?? ZERO;
    switch (typeOf(arg)) {
      case ValueType.Boolean:
        return arg ? ONE : ZERO;
      case ValueType.Number:
      case ValueType.String:
        return toDecimal(arg) ?? ZERO;
      case ValueType.Null:
      case ValueType.Missing:
      case ValueType.Array:
      case ValueType.Object:
        return ZERO;
      default:
        return this.fallback.asDecimal(arg);
    }
  }

  asString(arg: unknown): string {
    const amount = moneyAmount(arg);
    if (amount !== undefined) return asString(amount);
    if (arg instanceof Decimal) return arg.toString();
    return asString(arg);
  }
}

const converter = new TemplateArgConverter();

/** Whether a value can stand for a number in a plural with an offset. */
export function isNumericArgument(value: unknown): boolean {
  const amount = moneyAmount(value);
  if (amount !== undefined) return toDecimal(amount) !== undefined;
  return typeof value === 'boolean' || toDecimal(value) !== undefined;
}

/** Evaluates messages for one locale; the time zone is set before each use. */
class LocaleMessages {
  private zoneId = 'America/New_York';
  readonly formatter: MessageFormatter;

  constructor(private readonly cldr: CLDR) {
    const bundle = cldr.General.bundle();
    this.formatter = new MessageFormatter({
      cacheSize: 100,
      converter,
      formatters: this.functions(),
      language: bundle.language(),
      region: bundle.region(),
    });
  }

  setTimeZone(zoneId: string): void {
    this.zoneId = zoneId;
  }

  private functions(): MessageFormatFuncMap {
    const money = (args: unknown[], options: string[]): string => this.money(args[0], options);
    const decimal = (args: unknown[], options: string[]): string => this.decimal(args[0], options);
    return {
      money,
      currency: money,
      number: decimal,
      decimal,
      datetime: (args, options) => this.datetime(args[0], options),
      'datetime-interval': (args, options) => this.interval(args[0], args[1], options),
      unit: (args, options) => (isAbsent(args[0]) ? '' : formatUnit(this.cldr, converter.asDecimal(args[0]), options)),
    };
  }

  private money(arg: unknown, options: string[]): string {
    let amount = asRecord(arg)?.decimalValue;
    let code = asRecord(arg)?.currencyCode;
    if (amount === undefined || code === undefined) {
      amount = asRecord(arg)?.value;
      code = asRecord(arg)?.currency;
    }
    if (amount === undefined || code === undefined) return '';
    const { format, maxFractionWithSignificant } = currencyOptions(options);
    let value = toDecimal(amount) ?? ZERO;
    if (maxFractionWithSignificant !== undefined) value = limitFractionDigits(value, maxFractionWithSignificant, format.round);
    return this.cldr.Numbers.formatCurrency(value, asString(code) as CurrencyType, format);
  }

  private decimal(arg: unknown, options: string[]): string {
    if (isAbsent(arg)) return '';
    const { format, maxFractionWithSignificant } = decimalOptions(options);
    let value = converter.asDecimal(arg);
    if (maxFractionWithSignificant !== undefined) value = limitFractionDigits(value, maxFractionWithSignificant, format.round);
    return this.cldr.Numbers.formatDecimal(value, format);
  }

  private datetime(arg: unknown, options: string[]): string {
    if (isAbsent(arg)) return '';
    const epoch = epochOf(arg);
    if (!isSupportedInstant(epoch)) return '';
    const date = this.cldr.Calendars.toGregorianDate({ date: epoch, zoneId: this.zoneId });
    return this.cldr.Calendars.formatDate(date, datetimeOptions(options));
  }

  private interval(first: unknown, second: unknown, options: string[]): string {
    if (isAbsent(first) || isAbsent(second)) return '';
    const start = epochOf(first);
    const end = epochOf(second);
    if (!isSupportedInstant(start) || !isSupportedInstant(end)) return '';
    const from = this.cldr.Calendars.toGregorianDate({ date: start, zoneId: this.zoneId });
    const to = this.cldr.Calendars.toGregorianDate({ date: end, zoneId: this.zoneId });
    const opts = intervalOptions(options);
    if (!opts.skeleton && !opts.date && !opts.time) {
      const field = from.fieldOfVisualDifference(to);
      // Same day: hours and minutes on the 12-hour clock, as the Java reference shows them.
      if (field === undefined || 'GyMd'.indexOf(field) === -1) opts.skeleton = 'hm';
    }
    return this.cldr.Calendars.formatDateInterval(from, to, opts);
  }
}

const byLocale = new Map<string, LocaleMessages>();

/** Formats a message in a locale and time zone with positional and named arguments. */
export function formatMessage(
  message: string,
  positional: unknown[],
  named: Record<string, unknown>,
  locale: string,
  zoneId: string,
): string {
  const tag = normalizeLocale(locale);
  let messages = byLocale.get(tag);
  if (!messages) {
    messages = new LocaleMessages(cldrFor(tag));
    if (tag.length <= MAX_CACHED_LOCALE_LENGTH) {
      if (byLocale.size >= LOCALE_CACHE_LIMIT) byLocale.clear();
      byLocale.set(tag, messages);
    }
  }
  messages.setTimeZone(zoneId);
  return messages.formatter.format(message, positional, named);
}
