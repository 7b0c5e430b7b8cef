import { describe, expect, test } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { render } from './render.ts';

// 2020-02-10T19:07:51Z: 2:07 PM in New York, 11:07 AM in Los Angeles.
const T = 1581361671000;
const FAR_FUTURE = 1e17;

describe('datetime', () => {
  test('uses America/New_York unless the website names a zone', () => {
    expect(render('{t|datetime time:hm}', { t: T }).html).toBe('2:07\u202fPM');
    expect(render('{t|datetime time:hm}', { t: T, website: { timeZone: 'America/Los_Angeles' } }).html).toBe('11:07\u202fAM');
    expect(render('{t|datetime time:hm}', { t: T, website: { timeZone: '' } }).html).toBe('2:07\u202fPM');
  });

  test('defaults to a long date in en-US; follows the render locale', () => {
    expect(render('{t|datetime}', { t: T }).html).toBe('February 10, 2020');
    expect(render('{t|datetime}', { t: String(T) }).html).toBe('February 10, 2020');
    expect(render('{t|datetime date:full}', { t: T }, { locale: 'fr-FR' }).html).toBe('lundi 10 février 2020');
  });

  test('renders nothing for a missing or null instant', () => {
    expect(render('[{t|datetime}]', {}).html).toBe('[]');
    expect(render('[{t|datetime}]', { t: null }).html).toBe('[]');
  });

  test('reports instants outside the supported Julian days', () => {
    const { html, errors } = render('[{t|datetime}]', { t: FAR_FUTURE });
    expect(html).toBe('[]');
    expect(errors).toEqual([messages.julianDayRange]);
  });
});

describe('datetime-interval', () => {
  const LA = { timeZone: 'America/Los_Angeles' };

  test('a range of days, a range of hours, or a forced skeleton', () => {
    const days = { website: LA, s: 1509647217000, e: 1510641417000 };
    const hours = { website: LA, s: 1502298000000, e: 1502305200000 };
    expect(render('{s, e|datetime-interval}', days).html).toBe('Nov 2\u2009–\u200913, 2017');
    expect(render('{s, e|datetime-interval}', hours).html).toBe('10:00\u202fAM\u2009–\u200912:00\u202fPM');
    expect(render('{s, e|datetime-interval yMMMd}', hours).html).toBe('Aug 9, 2017');
  });

  test('a same-day range uses the 12-hour clock in every locale', () => {
    const hours = { s: 1525604400000, e: 1525626000000 };
    expect(render('{s, e|datetime-interval}', hours, { locale: 'fr-FR' }).html).toBe('7:00\u202fAM\u2009–\u20091:00\u202fPM');
  });

  test('one variable passes through; a missing end renders nothing', () => {
    expect(render('{s|datetime-interval}', { s: 5 }).html).toBe('5');
    expect(render('[{s, e|datetime-interval}]', { s: 5 }).html).toBe('[]');
  });

  test('reports instants outside the supported range', () => {
    expect(render('{s, e|datetime-interval}', { s: 0, e: FAR_FUTURE }).errors).toEqual([messages.julianDayRange]);
  });
});

describe('relative-time', () => {
  const now = 1502298000000;

  test('from now, or from the first variable to the second', () => {
    expect(render('{t|relative-time}', { t: now + 2 * 3600_000 }, { now }).html).toBe('in 2 hours');
    expect(render('{t|relative-time context:begin-sentence}', { t: now + 2 * 3600_000 }, { now }).html).toBe('In 2 hours');
    expect(render('{t|relative-time}', { t: now - 11 * 3600_000 }, { now }).html).toBe('11 hours ago');
    expect(render('{a, b|relative-time}', { a: 1509647217000, b: 1510641417000 }, { now }).html).toBe('in 2 weeks');
    expect(render('{a, b|relative-time field:day}', { a: 1509647217000, b: 1510641417000 }, { now }).html).toBe(
      'in 12 days',
    );
  });

  test('renders nothing for missing instants', () => {
    expect(render('[{t|relative-time}]', {}, { now }).html).toBe('[]');
    expect(render('[{a, b|relative-time}]', { a: now }, { now }).html).toBe('[]');
  });
});

describe('deprecated i18n plugins', () => {
  test('datetimefield and unit render nothing; units-metric? is true', () => {
    expect(render('[{t|datetimefield hour}][{t|unit in:meter}]', { t: T }).html).toBe('[][]');
    expect(render('{.units-metric? length}metric{.or}imperial{.end}', {}).html).toBe('metric');
  });
});
