import { describe, expect, test } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { DEFAULT_TIME_ZONE, epochOf, isSupportedInstant } from '../../../../engine/plugins/date/time-zone.ts';
import { humanizeElapsed } from '../../../../engine/plugins/date/humanize.ts';
import { dateFormatter } from '../../../../engine/plugins/date/date-formatters.ts';
import { stubContext } from '../core/render-context-stub.ts';
import { render } from '../i18n/render.ts';
import { compile, type RenderOptions } from '../../../../engine/index.ts';

// 2020-02-10T19:07:51.250Z, a Monday: 14:07:51 in New York (EST, -05:00).
const T = 1581361671250;

describe('date (strftime patterns)', () => {
  test('uses America/New_York by default and website.timeZone otherwise', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/New_York');
    expect(render('{t|date %H:%M %Z %z}', { t: T }).html).toBe('14:07 EST -05:00');
    expect(render('{t|date %H:%M %z}', { t: T, website: { timeZone: 'Asia/Kolkata' } }).html).toBe('00:37 +05:30');
  });

  test('names and numbers', () => {
    const data = { t: T };
    expect(render('{t|date %A, %B %d, %Y}', data).html).toBe('Monday, February 10, 2020');
    expect(render('{t|date %a %b %e %j %m %y %C}', data).html).toBe('Mon Feb 10 041 02 20 20');
    expect(render('{t|date %I:%M:%S %p %P %i %l}', data).html).toBe('02:07:51 PM pm 2  2');
    expect(render('{t|date %D %F %T %R %x %X}', data).html).toBe('02/10/20 2020-02-10 14:07:51 14:07 02/10/2020 02:07:51 PM');
    expect(render('{t|date %u %w %q %s %N}', data).html).toBe('1 1 1 1581361671 250000000');
    expect(render('{t|date %V %G %g}', data).html).toBe('07 2020 20');
    // %W is the Java reference's week of the year, the same as %U (not C's Monday-based count).
    expect(render('{t|date %W %U}', data).html).toBe('07 07');
    expect(render('{t|date %W %U}', { t: Date.UTC(2020, 0, 5, 17) }).html).toBe('02 02');
    expect(render('{t|date %W}', { t: Date.UTC(2019, 10, 8, 17) }).html).toBe('45');
    // %% is one percent sign.
    expect(render('{t|date 100%% %%d}', data).html).toBe('100% %d');
    expect(render('{t|date %c}', data).html).toBe('Mon, Feb 10, 2020 2:07:51 PM EST');
    expect(render('{t|date %v}', data).html).toBe('10-Feb-2020');
  });

  test('one instant formatted again in another zone or locale is converted again', () => {
    // The formatter keeps its last instants; the zone and the locale are part of what it keeps.
    const template = '{t|date %H %B}|{t|date %H %B}';
    expect(render(template, { t: T }).html).toBe('14 February|14 February');
    expect(render(template, { t: T, website: { timeZone: 'Asia/Kolkata' } }).html).toBe('00 February|00 February');
    expect(render(template, { t: T }, { locale: 'fr-FR' }).html).toBe('14 février|14 février');
    expect(render(template, { t: T }).html).toBe('14 February|14 February');
  });

  test('one compiled template rendered again in another zone or locale, or over more instants than a call keeps, writes each afresh', () => {
    // Each date call keeps the texts it wrote, for the zone and locale it wrote them in.
    const template = compile('{.repeated section times}{@|date %H %B},{.end}');
    const at = (times: number[], options: RenderOptions = {}, website?: object) => template.render({ times, website }, options).html;
    expect(at([T])).toBe('14 February,');
    expect(at([T], {}, { timeZone: 'Asia/Kolkata' })).toBe('00 February,');
    expect(at([T], { locale: 'fr-FR' })).toBe('14 février,');
    expect(at([T])).toBe('14 February,');
    const hours = Array.from({ length: 100 }, (_, i) => T + i * 3_600_000);
    const expected = hours.map((t) => `${String((new Date(t).getUTCHours() + 19) % 24).padStart(2, '0')} February,`).join('');
    expect(at(hours)).toBe(expected);
    expect(at(hours)).toBe(expected);
  });

  test('localised names come from the render locale', () => {
    expect(render('{t|date %A %B}', { t: T }, { locale: 'fr-FR' }).html).toBe('lundi février');
  });

  test('unknown directives and a trailing % are copied through', () => {
    expect(render('{t|date %Q 100%}', { t: T }).html).toBe('%Q 100%');
  });

  test('no pattern renders nothing; a missing instant is 0, as the Java reference reads it', () => {
    expect(render('[{t|date}]', { t: T }).html).toBe('[]');
    expect(render('[{t|date %Y}]', {}).html).toBe('[1969]');
    expect(render('[{t|date %F %H}]', { t: null }).html).toBe('[1969-12-31 19]');
  });

  test('instants outside the supported Julian days are reported', () => {
    expect(isSupportedInstant(0)).toBe(true);
    expect(isSupportedInstant(-210866803200000)).toBe(true);
    expect(isSupportedInstant(-210866803200001)).toBe(false);
    const { html, errors } = render('[{t|date %Y}]', { t: 1e17 });
    expect(html).toBe('[]');
    expect(errors).toEqual([messages.julianDayRange]);
  });

  test('instants are read like Java longs', () => {
    expect(epochOf(12.9)).toBe(12);
    expect(epochOf('1581361671250')).toBe(1581361671250);
    expect(epochOf('1.5e3')).toBe(1500);
    expect(epochOf('soon')).toBe(0);
    expect(epochOf(true)).toBe(1);
    expect(epochOf({})).toBe(0);
  });

  test('through the formatter: zone, locale and instant change from one call to the next', () => {
    const t = Date.UTC(2021, 2, 14, 6, 59, 59, 999); // a second before daylight saving starts in New York
    const template = '{t|date %F %T %Z}|{u|date %F %T %Z}|{t|date %A %V}';
    const data = { t, u: t + 1 };
    expect(render(template, data).html).toBe('2021-03-14 01:59:59 EST|2021-03-14 03:00:00 EDT|Sunday 10');
    expect(render(template, { ...data, website: { timeZone: 'US/Eastern' } }).html).toBe(
      '2021-03-14 01:59:59 EST|2021-03-14 03:00:00 EDT|Sunday 10',
    );
    expect(render(template, { ...data, website: { timeZone: 'Europe/London' } }).html).toBe(
      '2021-03-14 06:59:59 GMT|2021-03-14 07:00:00 GMT|Sunday 10',
    );
    // fr-FR weeks start on Monday: the ISO week is the same, the names are French.
    expect(render(template, data, { locale: 'fr-FR' }).html).toBe('2021-03-14 01:59:59 EST|2021-03-14 03:00:00 EDT|dimanche 10');
  });

  test('applied by hand, unbound, it gives what the template\'s bound call gives', () => {
    const t = Date.UTC(2021, 2, 14, 6, 59, 59, 999);
    const ctx = stubContext([{ website: { timeZone: 'Europe/London' } }]);
    for (const args of [['%F', '%T', '%Z'], ['%A'], []]) {
      const bound = dateFormatter.bind!(args).apply(t, args, ctx, [t]);
      expect(dateFormatter.apply(t, args, ctx, [t])).toBe(bound);
      expect(render(`[{t|date ${args.join(' ')}}]`, { t, website: { timeZone: 'Europe/London' } }).html).toBe(`[${bound ?? ''}]`);
    }
  });
});

describe('timesince', () => {
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  test('wording from minutes to years', () => {
    expect(humanizeElapsed(0)).toBe('less than a minute ago');
    expect(humanizeElapsed(59_999)).toBe('less than a minute ago');
    expect(humanizeElapsed(MIN)).toBe('about a minute ago');
    expect(humanizeElapsed(59 * MIN)).toBe('about 59 minutes ago');
    expect(humanizeElapsed(HOUR)).toBe('about an hour ago');
    expect(humanizeElapsed(23 * HOUR)).toBe('about 23 hours ago');
    expect(humanizeElapsed(DAY)).toBe('about a day ago');
    expect(humanizeElapsed(6 * DAY)).toBe('about 6 days ago');
    expect(humanizeElapsed(7 * DAY)).toBe('about a week ago');
    expect(humanizeElapsed(29 * DAY)).toBe('about 4 weeks ago');
    expect(humanizeElapsed(30 * DAY)).toBe('about a month ago');
    expect(humanizeElapsed(364 * DAY)).toBe('about 12 months ago');
    expect(humanizeElapsed(365 * DAY)).toBe('about a year ago');
    expect(humanizeElapsed(800 * DAY)).toBe('about 2 years ago');
    expect(humanizeElapsed(-5 * DAY)).toBe('less than a minute ago');
  });

  test('wraps the wording in a span measured from the render clock', () => {
    const now = 1600006863000;
    expect(render('{t|timesince}', { t: now - 3 * HOUR }, { now }).html).toBe(
      `<span class="timesince" data-date="${now - 3 * HOUR}">about 3 hours ago</span>`,
    );
  });

  test('anything but a JSON number is an invalid date', () => {
    expect(messages.invalidDate).toBe('Invalid date.');
    expect(render('{t|timesince}', { t: '1600006863000' }).html).toBe('Invalid date.');
    expect(render('{t|timesince}', {}).html).toBe('Invalid date.');
  });
});
