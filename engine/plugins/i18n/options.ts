/**
 * Parsers for the `key:value` arguments of the CLDR formatters
 * (`decimal`, `money`, `datetime`, `datetime-interval`, `relative-time`) and
 * of the same formatters inside messages. Unknown keys and values are
 * ignored, as in the references.
 */
import type {
  CalendarType,
  ContextType,
  CurrencyFormatOptions,
  DateFieldWidthType,
  DateFormatOptions,
  DateIntervalFormatOptions,
  DecimalFormatOptions,
  FormatWidthType,
  NumberFormatOptions,
  RelativeTimeFormatOptions,
  RoundingModeType,
  TimePeriodField,
} from '@phensley/cldr';

/** Digit options are clamped to this range (the specification's 0..50). */
export const MAX_DIGITS = 50;

const DECIMAL_STYLES = new Set([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]);
const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const SYMBOL_WIDTHS = new Set(['default', 'narrow']);
const ROUNDING_MODES = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const FORMAT_WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const CONTEXTS = new Set(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);
const TIME_FIELDS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const FIELD_WIDTHS = new Set(['short', 'narrow', 'wide']);
const CALENDARS: Readonly<Record<string, CalendarType>> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  japanese: 'japanese',
  persian: 'persian',
};

/**
 * Number options plus the fraction limit that the references apply on top
 * of significant digits (their "significant-maxfrac" mode).
 */
export interface DecimalOptions {
  readonly format: DecimalFormatOptions;
  /** When significant digits are requested too, round to this many fraction digits first. */
  readonly maxFractionWithSignificant?: number;
}

export interface CurrencyOptions {
  readonly format: CurrencyFormatOptions;
  readonly maxFractionWithSignificant?: number;
}

/**
 * Wraps an option parser so each distinct argument list is parsed once:
 * the engine hands a formatter the same array on every render.
 */
export function memoByArgs<T>(parse: (args: readonly string[]) => T): (args: readonly string[]) => T {
  const cache = new WeakMap<readonly string[], T>();
  return (args) => {
    let parsed = cache.get(args);
    if (parsed === undefined) {
      parsed = parse(args);
      cache.set(args, parsed);
    }
    return parsed;
  };
}

/** Splits each argument at its first ':' into key and value ('' when absent). */
function eachOption(args: readonly string[], visit: (key: string, value: string) => void): void {
  for (const arg of args) {
    const i = arg.indexOf(':');
    if (i === -1) visit(arg, '');
    else visit(arg.slice(0, i), arg.slice(i + 1));
  }
}

/** Leading digits of a value as a non-negative integer (0 when none), clamped to 0..50. */
export function digitOption(value: string): number {
  const m = /^\s*\+?(\d+)/.exec(value);
  const n = m ? parseInt(m[1]!, 10) : 0;
  return n > MAX_DIGITS ? MAX_DIGITS : n;
}

/** Options shared by decimals and currencies; returns false for a key it does not know. */
function numberOption(key: string, value: string, opts: NumberFormatOptions): boolean {
  switch (key) {
    case 'group':
    case 'grouping':
      opts.group = value === '' || value === 'true';
      return true;
    case 'no-group':
    case 'no-grouping':
      opts.group = false;
      return true;
    case 'round':
    case 'rounding': {
      const mode = value === 'ceil' ? 'ceiling' : value === 'truncate' ? 'down' : value;
      if (ROUNDING_MODES.has(mode)) opts.round = mode as RoundingModeType;
      return true;
    }
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      opts.minimumIntegerDigits = digitOption(value);
      return true;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      opts.maximumFractionDigits = digitOption(value);
      return true;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      opts.minimumFractionDigits = digitOption(value);
      return true;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      opts.maximumSignificantDigits = digitOption(value);
      return true;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      opts.minimumSignificantDigits = digitOption(value);
      return true;
    default:
      return false;
  }
}

/**
 * When both significant and fraction digits are given, the references keep
 * the significant digits but never show more fraction digits than asked.
 * CLDR's formatter honours only the significant digits, so the fraction
 * limit is split off and applied by rounding the value beforehand.
 */
function splitFractionLimit(opts: NumberFormatOptions): number | undefined {
  const significant = opts.minimumSignificantDigits !== undefined || opts.maximumSignificantDigits !== undefined;
  if (!significant || opts.maximumFractionDigits === undefined) return undefined;
  const limit = opts.maximumFractionDigits;
  delete opts.maximumFractionDigits;
  delete opts.minimumFractionDigits;
  return limit;
}

export function decimalOptions(args: readonly string[]): DecimalOptions {
  const format: DecimalFormatOptions = {};
  eachOption(args, (key, value) => {
    if (key === 'style') {
      if (DECIMAL_STYLES.has(value)) format.style = value as DecimalFormatOptions['style'];
      else if (value === 'standard') format.style = 'decimal';
    } else {
      numberOption(key, value, format);
    }
  });
  return { format, maxFractionWithSignificant: splitFractionLimit(format) };
}

export function currencyOptions(args: readonly string[]): CurrencyOptions {
  const format: CurrencyFormatOptions = {};
  eachOption(args, (key, value) => {
    if (key === 'style') {
      if (CURRENCY_STYLES.has(value)) format.style = value as CurrencyFormatOptions['style'];
      else if (value === 'standard') format.style = 'symbol';
    } else if (key === 'symbol') {
      if (SYMBOL_WIDTHS.has(value)) format.symbolWidth = value as CurrencyFormatOptions['symbolWidth'];
    } else {
      numberOption(key, value, format);
    }
  });
  return { format, maxFractionWithSignificant: splitFractionLimit(format) };
}

function addSkeleton(opts: DateFormatOptions, fields: string): void {
  opts.skeleton = opts.skeleton === undefined ? fields : opts.skeleton + fields;
}

/** `datetime` options: `date:full`, `time:short`, skeleton fields (`yMMMd`), `wrap:long`, `calendar:japanese`… */
export function datetimeOptions(args: readonly string[]): DateFormatOptions {
  const opts: DateFormatOptions = {};
  eachOption(args, (key, value) => {
    if (value === '') {
      if (key === 'date') opts.date = 'short';
      else if (key === 'time') opts.time = 'short';
      else if (FORMAT_WIDTHS.has(key)) opts.datetime = key as FormatWidthType;
      else addSkeleton(opts, key);
      return;
    }
    switch (key) {
      case 'calendar': {
        const ca = CALENDARS[value];
        if (ca) opts.ca = ca;
        break;
      }
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value as ContextType;
        break;
      case 'date':
      case 'time':
      case 'datetime':
        if (!FORMAT_WIDTHS.has(value)) addSkeleton(opts, value);
        else if (key === 'date') opts.date = value as FormatWidthType;
        else if (key === 'time') opts.time = value as FormatWidthType;
        else opts.datetime = value as FormatWidthType;
        break;
      case 'skeleton':
        opts.skeleton = value;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (FORMAT_WIDTHS.has(value)) opts.wrap = value as FormatWidthType;
        break;
      default:
        break;
    }
  });
  if (!opts.ca) opts.ca = 'gregory';
  return opts;
}

/** `datetime-interval` options: a bare skeleton (`yMMMd`), `skeleton:`, `date:`, `time:`, `context:`. */
export function intervalOptions(args: readonly string[]): DateIntervalFormatOptions {
  const opts: DateIntervalFormatOptions = {};
  eachOption(args, (key, value) => {
    if (value === '') {
      if (key !== '' && key !== 'context' && key !== 'skeleton' && key !== 'date' && key !== 'time') {
        opts.skeleton = key;
      }
      return;
    }
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value as ContextType;
        break;
      case 'skeleton':
        opts.skeleton = value;
        break;
      case 'date':
        opts.date = value;
        break;
      case 'time':
        opts.time = value;
        break;
      default:
        break;
    }
  });
  if (!opts.ca) opts.ca = 'gregory';
  return opts;
}

/** `relative-time` options. Weeks may be chosen as the unit, as in the Java reference. */
export function relativeTimeOptions(args: readonly string[]): RelativeTimeFormatOptions {
  const opts: RelativeTimeFormatOptions = { allowWeeks: true };
  eachOption(args, (key, value) => {
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value as ContextType;
        break;
      case 'dayOfWeek':
        opts.dayOfWeek = value === 'true';
        break;
      case 'field':
        if (TIME_FIELDS.has(value)) opts.field = value as TimePeriodField;
        break;
      case 'numericOnly':
        opts.numericOnly = value === 'true';
        break;
      case 'alwaysNow':
        opts.alwaysNow = value === 'true';
        break;
      case 'width':
        if (FIELD_WIDTHS.has(value)) opts.width = value as DateFieldWidthType;
        break;
      default:
        numberOption(key, value, opts);
        break;
    }
  });
  if (!opts.ca) opts.ca = 'gregory';
  return opts;
}
