/** Reference of the date plugins (engine/plugins/date): strftime dates and "time since". */
import type { DomainReference } from './types.ts';

/** 2023-11-14T22:13:20Z: the fixed "now" of the examples that read the clock. */
export const EXAMPLE_NOW = 1_700_000_000_000;

export const dateReference: DomainReference = {
  domain: 'date',
  title: 'Dates',
  intro:
    'Instants are epoch milliseconds (a number, as the platform stores `publishOn`, `addedOn`, `startDate`…). ' +
    'Dates are shown in the website\'s time zone, `website.timeZone` in the context (America/New_York when absent); ' +
    'examples that read the clock fix "now" (`--now`).',
  formatters: {
    date: {
      args: 'PATTERN',
      summary: 'Formats an instant with a strftime pattern (`%A %B %d %Y %H %M %I %p %Z`…) in the website\'s time zone and the render\'s locale.',
      examples: [
        {
          template: '{publishOn|date %A, %B %d, %Y at %H:%M}',
          data: { website: { timeZone: 'Europe/Stockholm' }, publishOn: EXAMPLE_NOW },
          output: 'Tuesday, November 14, 2023 at 23:13',
        },
      ],
    },
    timesince: {
      args: '',
      summary: 'How long ago an instant was, in words ("about 3 days ago"), in a `timesince` span that carries the instant for scripts.',
      examples: [
        {
          template: '{addedOn|timesince}',
          data: { addedOn: EXAMPLE_NOW - 3 * 86_400_000 },
          now: EXAMPLE_NOW,
          output: '<span class="timesince" data-date="1699740800000">about 3 days ago</span>',
        },
      ],
    },
  },
  predicates: {},
};
