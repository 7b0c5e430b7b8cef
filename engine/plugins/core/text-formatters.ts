/**
 * Text formatters: `slugify`, `smartypants`, `safe`, `truncate`,
 * `line-breaks`, `output`, `pluralize`, `cycle` and `format`.
 */
import { messages } from '../../messages.ts';
import { isTruthy } from '../../runtime/values.ts';
import type { Formatter, FormatterTable } from '../types.ts';
import { argsAtLeast, argsBetween } from './argument-checks.ts';
import { parseInt32 } from './java-text.ts';
import { intOf, longOf, textOf, textOrBlank } from './node-coercion.ts';
import { formatPositional } from './positional-format.ts';
import { substringOutOfRange } from './runtime-failure.ts';
import { newlinesToBreaks, slugify, smartenPunctuation, stripTags, truncateAtWhitespace } from './text-shaping.ts';

const DEFAULT_TRUNCATE_LENGTH = 100;
const DEFAULT_ELLIPSIS = '...';

/** `{text|truncate [length] [ellipsis]}`: cuts at a word boundary before `length` characters. */
const truncate: Formatter = {
  validate(args) {
    if (args.length > 0 && parseInt32(args[0]!) === undefined) return messages.argsBadLength(args[0]!);
    return undefined;
  },
  apply(value, args) {
    const maxLen = args.length > 0 ? (parseInt32(args[0]!) ?? DEFAULT_TRUNCATE_LENGTH) : DEFAULT_TRUNCATE_LENGTH;
    const ellipsis = args.length > 1 ? args[1]! : DEFAULT_ELLIPSIS;
    const text = textOf(value);
    // The released behaviour: a negative length fails like an out-of-range substring.
    if (maxLen < 0) throw substringOutOfRange(maxLen, text.length);
    return truncateAtWhitespace(text, maxLen, ellipsis);
  },
};

/** `{n|pluralize}` gives '' or 's'; `{n|pluralize plural}` and `{n|pluralize singular plural}` choose the words. */
const pluralize: Formatter = {
  validate: (args) => argsBetween(args, 0, 2),
  apply(value, args) {
    const singular = args.length === 2 ? args[0]! : '';
    const plural = args.length === 2 ? args[1]! : args.length === 1 ? args[0]! : 's';
    return longOf(value) === 1 ? singular : plural;
  },
};

/** `{n|cycle a b c}`: the argument at the 1-based position n, wrapping around in both directions. */
const cycle: Formatter = {
  validate: (args) => argsAtLeast(args, 1),
  apply(value, args) {
    if (args.length === 0) return undefined;
    let index = (intOf(value) - 1) % args.length;
    if (index < 0) index += args.length;
    return args[index];
  },
};

/** `{pattern|format a b}`: fills `{0}`, `{1}`... with the text of the named variables. */
const format: Formatter = {
  apply(value, args, ctx) {
    const values = args.map((name) => textOf(ctx.resolveName(name)));
    return formatPositional(textOf(value), values);
  },
};

export const textFormatters: FormatterTable = {
  slugify: { apply: (value) => slugify(textOrBlank(value)) },
  smartypants: { apply: (value) => smartenPunctuation(textOrBlank(value)) },
  // Falsy values pass through untouched; everything else loses its tags.
  safe: { apply: (value) => (isTruthy(value) ? stripTags(textOf(value)) : value) },
  truncate,
  'line-breaks': { apply: (value) => newlinesToBreaks(textOf(value)) },
  output: { apply: (_value, args) => args.join(' ') },
  pluralize,
  cycle,
  format,
};
