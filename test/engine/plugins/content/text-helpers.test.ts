import { describe, expect, it } from 'vitest';
import { asDouble, javaDoubleText } from '../../../../engine/plugins/content/json-scalars.ts';
import { removeTags, splitNonEmpty } from '../../../../engine/plugins/content/text.ts';
import { calendarDay, sameCalendarDay } from '../../../../engine/plugins/content/time-zone.ts';

describe('text helpers', () => {
  it('removes tags leaving a space per tag', () => {
    expect(removeTags('<b>x</b>y')).toBe(' x y');
  });

  it('splits dropping empty pieces', () => {
    expect(splitNonEmpty('http://twitter.com/foo/', '/')).toEqual(['http:', 'twitter.com', 'foo']);
  });
});

describe('JSON scalars', () => {
  it('reads doubles, 0 when there is no number', () => {
    expect(asDouble('0.25')).toBe(0.25);
    expect(asDouble('x')).toBe(0);
    expect(asDouble(undefined)).toBe(0);
  });

  it('prints doubles as Java does', () => {
    expect(javaDoubleText(0.3)).toBe('0.3');
    expect(javaDoubleText(2)).toBe('2.0');
    expect(javaDoubleText(0.0001)).toBe('1.0E-4');
    expect(javaDoubleText(12345678)).toBe('1.2345678E7');
    expect(javaDoubleText(-0)).toBe('-0.0');
  });
});

describe('time zones', () => {
  // 2013-11-15 03:30 UTC is still the 14th in New York.
  const lateEvening = Date.UTC(2013, 10, 15, 3, 30);
  const nextMorning = Date.UTC(2013, 10, 15, 14, 0);

  it('compares days in the given zone', () => {
    expect(sameCalendarDay(lateEvening, nextMorning, 'UTC')).toBe(true);
    expect(sameCalendarDay(lateEvening, nextMorning, 'America/New_York')).toBe(false);
  });

  it('falls back to New York for an unknown zone', () => {
    expect(calendarDay(lateEvening, 'Not/AZone')).toBe(calendarDay(lateEvening, 'America/New_York'));
    expect(calendarDay(lateEvening, '')).toBe('11/14/2013');
  });
});
