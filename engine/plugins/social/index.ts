import type { Formatter, FormatterTable, PredicateTable } from '../types.ts';
import { googleCalendarUrl } from './calendar.ts';
import { commentFormatters } from './comment-formatters.ts';
import { socialPredicatesTable } from './predicates.ts';
import { socialButtonFormatters } from './social-button.ts';
import { LIKE_BUTTON_TEMPLATE } from './templates.ts';
import { twitterFormatters } from './twitter.ts';

const likeButton: Formatter = {
  apply: (value, _args, ctx) => ctx.renderTemplate(LIKE_BUTTON_TEMPLATE, value, false),
};

export const socialFormatters: FormatterTable = {
  ...twitterFormatters,
  ...commentFormatters,
  ...socialButtonFormatters,
  'google-calendar-url': googleCalendarUrl,
  'like-button': likeButton,
};

export const socialPredicates: PredicateTable = socialPredicatesTable;
