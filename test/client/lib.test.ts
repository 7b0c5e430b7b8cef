// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectOptionsMessage, crumbFailureMessage, formStatusMessage } from '../../client/lib/messages.ts';
import {
  parseQuantity, isValidEmail, restockEmailError, validateFormField, checkVariantSelection, isStockEnough, effectiveMaxLength,
} from '../../client/lib/rules.ts';
import { addToCartPayloadSchema, restockPayloadSchema, subscriptionPayloadSchema } from '../../client/lib/validation.ts';
import { amountToCents, centsToAmount, formatAmount, formatMoney, fractionDigits, moneyToCents } from '../../client/lib/money.ts';
import { instalmentBrand, instalmentLocale, isInInstalmentRange, cartEligibleForInstalments } from '../../client/lib/instalments.ts';
import { validateImageInput, sqsSrcset, thumbnailWidth, SRCSET_WIDTHS } from '../../client/lib/image.ts';
import { ErrorReporter, ERROR_REPORTING_LIMITS } from '../../client/lib/error-reporting.ts';
import { rateMetric, MetricCollector } from '../../client/lib/performance-metrics.ts';
import { analyticsAllowed, pageViewAllowed, enforceCookieConsent } from '../../client/lib/tracking.ts';
import { tween, scrollDuration } from '../../client/lib/tween.ts';
import { focusFirst } from '../../client/lib/focus.ts';
import { readEntry, writeEntry } from '../../client/lib/session-store.ts';
import { CaptchaManager, captchaSizeFor, type CaptchaProvider } from '../../client/lib/captcha/provider.ts';
import { normalizeGalleryOptions } from '../../client/lib/gallery-options.ts';
import { buildTrackerEvent, sendTrackerEvent, sessionRecordingEligible, assertRecorderOrganisation } from '../../client/lib/tracker-v2.ts';
import { failureFromResponse } from '../../client/lib/api.ts';

describe('messages and rules', () => {
  it('names unselected options', () => {
    expect(selectOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(selectOptionsMessage(['Size', 'Color'])).toBe('Please select the Size and Color options.');
    expect(selectOptionsMessage(['A', 'B', 'C', 'D'])).toBe('Please select the A, B, C and D options.');
    expect(selectOptionsMessage([])).toBe('');
  });

  it('picks the crumb and status messages', () => {
    expect(crumbFailureMessage(true)).toBe('Your session has expired. Please reload the page and try again.');
    expect(crumbFailureMessage(false)).toBe('Please enable cookies in your browser, reload the page, and try again.');
    expect(formStatusMessage(418)).toBeNull();
  });

  it('parses quantities', () => {
    expect(parseQuantity('3')).toEqual({ ok: true, value: 3 });
    expect(parseQuantity('x')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity('2.5')).toEqual({ ok: false, message: 'Quantity must be a whole number' });
    expect(subscriptionPayloadSchema.safeParse({ itemId: 'i', sku: 's', qty: 1.5 }).error?.issues[0]?.message).toBe('Quantity must be a whole number');
    expect(addToCartPayloadSchema.safeParse({ itemId: 'i', sku: 's', quantity: 1, additionalFields: '{bad' }).success).toBe(false);
    expect(addToCartPayloadSchema.safeParse({ itemId: 'i', sku: 's', quantity: 2, additionalFields: '{"a":1}' }).success).toBe(true);
  });

  it('checks the restock email pattern and lengths', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.c0m1')).toBe(true);
    expect(isValidEmail('a@b.abcde')).toBe(false);
    expect(isValidEmail('a@bco')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@b.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(251)}@b.com`)).toBe(false);
    expect(isValidEmail('@b')).toBe(false);
    expect(restockEmailError('  ')).toBe('Email cannot be blank');
    expect(restockEmailError('x@y')).toBe('Email is invalid');
    expect(restockPayloadSchema.safeParse({ productId: 'p', variantId: 'v', siteVisitorEmail: '' }).error?.issues.map((i) => i.message))
      .toEqual(['Email cannot be blank']);
  });

  it('validates form fields', () => {
    expect(validateFormField({ id: 'a', type: 'checkbox', title: 'A', required: true }, [])).toBe('Required');
    expect(validateFormField({ id: 'a', type: 'likert', title: 'A', required: true }, {})).toBeNull();
    expect(validateFormField({ id: 'a', type: 'textarea', title: 'A', maxLength: 3 }, '')).toBeNull();
    expect(validateFormField({ id: 'a', type: 'textarea', title: 'A', maxLength: 3 }, 'abcd')).toBe('You have exceeded the character limit.');
    expect(validateFormField({ id: 'a', type: 'email', title: 'A' }, '')).toBeNull();
    expect(validateFormField({ id: 'a', type: 'date', title: 'A' }, ['02', '30', '2024'])).toBe('Invalid date.');
    expect(validateFormField({ id: 'a', type: 'date', title: 'A' }, ['02', '29', '2024'])).toBeNull();
    expect(effectiveMaxLength({ maxLength: 0 })).toBeNull();
    expect(effectiveMaxLength({ maxLength: 'abc' })).toBeNull();
    expect(effectiveMaxLength({ maxLength: '12' })).toBe(12);
  });

  it('checks variants and stock', () => {
    const variants = [{ sku: 'a', attributes: { S: '1' }, qtyInStock: 0, unlimited: true }];
    expect(checkVariantSelection(variants, ['S'], { S: '1' })).toMatchObject({ ok: true });
    expect(isStockEnough({ unlimited: false, qtyInStock: 2 }, 1)).toBe(true);
    expect(isStockEnough({ unlimited: false, qtyInStock: 2 }, 2)).toBe(false);
    expect(isStockEnough({ unlimited: true, qtyInStock: 0 }, 9)).toBe(true);
  });
});

describe('money', () => {
  it('formats cents with comma thousands, JPY without decimals', () => {
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(-250, 'EUR')).toBe('-€2.50');
    expect(formatMoney(100, 'ZZZ')).toBe('ZZZ 1.00');
    expect(fractionDigits('jpy')).toBe(0);
    expect(moneyToCents({ decimalValue: '12.34', currencyCode: 'USD' })).toEqual({ cents: 1234, currency: 'USD' });
    expect(moneyToCents({ value: 500, currency: 'JPY' })).toEqual({ cents: 500, currency: 'JPY' });
  });

  it('reads and writes minor units with the currency\'s ISO 4217 digits: none in yen, two in dollars, three in dinars', () => {
    expect([fractionDigits('JPY'), fractionDigits('USD'), fractionDigits('KWD'), fractionDigits('bhd'), fractionDigits('KRW')]).toEqual([0, 2, 3, 3, 0]);
    expect([centsToAmount(1250, 'JPY'), centsToAmount(1250, 'USD'), centsToAmount(1250, 'KWD')]).toEqual([1250, 12.5, 1.25]);
    expect([amountToCents(1250, 'JPY'), amountToCents(12.5, 'USD'), amountToCents(1.25, 'KWD')]).toEqual([1250, 1250, 1250]);
    expect([formatAmount(1250, 'JPY'), formatAmount(1250, 'USD'), formatAmount(1250, 'KWD'), formatAmount(-1234567, 'KWD')]).toEqual(['1,250', '12.50', '1.250', '-1,234.567']);
    expect(formatMoney(1250, 'KWD')).toBe('KWD 1.250');
    expect(formatMoney(1250, 'KRW')).toBe('KRW 1,250');
    expect(moneyToCents({ value: '1.250', currency: 'KWD' })).toEqual({ cents: 1250, currency: 'KWD' });
    expect(moneyToCents({ decimalValue: '0.005', currencyCode: 'OMR' })).toEqual({ cents: 5, currency: 'OMR' });
  });
});

describe('instalments', () => {
  it('chooses the brand by locale and checks the range', () => {
    for (const locale of ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']) expect(instalmentBrand(locale)).toBe('Afterpay');
    expect(instalmentBrand('en_GB')).toBe('Clearpay');
    expect(instalmentBrand('fr_FR')).toBeNull();
    expect(instalmentLocale('fr', 'CA')).toBe('fr_CA');
    expect(instalmentLocale('de', 'CA')).toBe('en_CA');
    expect(instalmentLocale('en', 'DE')).toBeNull();
    expect(isInInstalmentRange(100, 100, 200)).toBe(false);
    expect(isInInstalmentRange(200, 100, 200)).toBe(true);
    expect(cartEligibleForInstalments([])).toBe(false);
    expect(cartEligibleForInstalments([1, 1])).toBe(true);
    expect(cartEligibleForInstalments([1, 2])).toBe(false);
  });
});

describe('image rules', () => {
  it('reports each rule with its own message', () => {
    expect(validateImageInput({ src: '/a.jpg', width: 10, height: 10, alt: '', sizes: '100vw' })).toEqual([]);
    expect(validateImageInput({})).toEqual([
      'Image requires a src.', 'Image requires a width.', 'Image requires a height.',
      'Image requires an alt attribute; use an empty string for decorative images.', 'Image sizes is required with the "sqs" loader.',
    ]);
    expect(validateImageInput({ src: 'a', width: -1, height: 1.5, alt: 'x', loader: 'raw' })).toEqual([
      'Image width must be a positive number.', 'Image height must be an integer.',
    ]);
    expect(validateImageInput({ src: 'a', width: 1, height: 1, alt: 'x', srcset: 'a 1w', sizes: 's' })).toEqual([
      'Image srcset is only allowed with the "raw" loader.',
    ]);
    expect(validateImageInput({ src: 'a', width: 1, height: 1, alt: 'x', priority: 'urgent' as 'high', loader: 'cdn' as 'raw' })).toEqual([
      'Image priority must be "high", "low" or null.', 'Image loader must be "sqs" or "raw".',
    ]);
  });

  it('builds srcsets from the fixed widths', () => {
    expect(SRCSET_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    expect(sqsSrcset('/a.jpg', [100, 300])).toBe('/a.jpg?format=100w 100w, /a.jpg?format=300w 300w, /a.jpg 500w');
    expect(sqsSrcset('/a.jpg', [100, 300, 500, 750, 1000, 1500, 2500])).not.toContain('/a.jpg ');
    expect(sqsSrcset('/a.jpg', [])).toBeUndefined();
    expect(sqsSrcset('/a.jpg')).toBeUndefined();
    expect([1001, 751, 501, 301, 101, 100].map(thumbnailWidth)).toEqual([1500, 1000, 750, 500, 300, 100]);
  });
});

describe('error reporting', () => {
  afterEach(() => vi.useRealTimers());

  it('debounces by 1 s, queues at most 10, sends at most 20 times, cuts stacks at 5000', async () => {
    vi.useFakeTimers();
    const batches: number[] = [];
    let lastStack = '';
    const reporter = new ErrorReporter(async (batch) => {
      batches.push(batch.length);
      lastStack = batch[0]!.data.stack;
    });
    const big = new Error('boom');
    big.stack = 'x'.repeat(9000);
    for (let i = 0; i < 12; i += 1) reporter.report(i === 0 ? big : new Error(`e${i}`));
    expect(reporter.queuedCount).toBe(ERROR_REPORTING_LIMITS.maxQueued);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([10]);
    expect(lastStack.length).toBe(5000);
    for (let i = 0; i < 30; i += 1) {
      reporter.report(new Error('again'));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(reporter.sendCount).toBe(20);
    expect(reporter.report(new Error('late'))).toBe(false);
  });
});

describe('performance metrics', () => {
  it('rates with the good and poor thresholds', () => {
    expect(rateMetric('FCP', 1800)).toBe('good');
    expect(rateMetric('FCP', 1801)).toBe('needs-improvement');
    expect(rateMetric('FCP', 3001)).toBe('poor');
    expect(rateMetric('LCP', 4000)).toBe('needs-improvement');
    expect(rateMetric('FID', 301)).toBe('poor');
    expect(rateMetric('INP', 200)).toBe('good');
    expect(rateMetric('TTFB', 1801)).toBe('poor');
    expect(rateMetric('CLS', 0.1)).toBe('good');
    expect(rateMetric('CLS', 0.26)).toBe('poor');
    const collector = new MetricCollector();
    collector.record('CLS', 0.05);
    collector.record('CLS', 0.1);
    collector.record('INP', 120);
    collector.record('INP', 90);
    expect(collector.records()).toEqual([
      { name: 'CLS', value: expect.closeTo(0.15, 5), rating: 'needs-improvement' },
      { name: 'INP', value: 120, rating: 'good' },
    ]);
  });
});

describe('tracking exemptions', () => {
  it('skips excluded pages, members and the disable flag', () => {
    expect(analyticsAllowed({}, '/shop')).toBe(true);
    for (const pageType of [100, 103, 106]) expect(analyticsAllowed({ pageType }, '/x')).toBe(false);
    expect(analyticsAllowed({ analyticsDisabled: true }, '/x')).toBe(false);
    expect(analyticsAllowed({ memberRoles: [1] }, '/x')).toBe(false);
    expect(analyticsAllowed({ memberRoles: [10] }, '/x')).toBe(true);
    expect(analyticsAllowed({ memberRoles: [10] }, '/config/pages')).toBe(false);
    expect(pageViewAllowed({}, '/search')).toBe(false);
  });

  it('clears census cookies under a restrictive policy without consent', () => {
    document.cookie = 'ss_cvr=abc; path=/';
    expect(enforceCookieConsent({ cookiePolicy: 'restrictive' }, 'ss_cookieAllowed=true')).toBe(false);
    expect(document.cookie).toContain('ss_cvr=abc');
    expect(enforceCookieConsent({ cookiePolicy: 'restrictive' }, '')).toBe(true);
    expect(document.cookie).not.toContain('ss_cvr');
  });
});

describe('tracker v2 and session recording', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns about overwritten fields, unknown environments and bad statuses', async () => {
    const warnings: string[] = [];
    const event = buildTrackerEvent({ page_path: '/mine', custom: 1 }, 'moon', (m) => warnings.push(m));
    expect(event.source_environment).toBe('moon');
    expect(warnings).toEqual(['Unknown tracker environment "moon".', 'Tracker field "page_path" was overwritten by an automatic value.']);
    document.cookie = 'crumb=tracker-crumb';
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return new Response('{}', { status: 500 });
    }));
    await expect(sendTrackerEvent('schema', event, (m) => warnings.push(m))).rejects.toThrow('Error tracking event: HTTP Status 500');
    // The hosted-events call is a state change: it carries the crumb.
    expect(sent[0]?.get('X-CSRF-Token')).toBe('tracker-crumb');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 202 })));
    await expect(sendTrackerEvent('schema', event)).resolves.toBeUndefined();
  });

  it('limits session recording to eligible visitors', () => {
    const ok = { country: 'US', timeZone: 'America/Chicago', cpuCores: 4, featureEnabled: true, inSample: true };
    expect(sessionRecordingEligible(ok)).toBe(true);
    expect(sessionRecordingEligible({ ...ok, cpuCores: 2 })).toBe(false);
    expect(sessionRecordingEligible({ ...ok, timeZone: 'Europe/Paris' })).toBe(false);
    expect(() => assertRecorderOrganisation('')).toThrow('Session recorder requires an organisation id.');
  });
});

describe('helpers', () => {
  it('tween requires a finite duration, default 300 ms, and scroll durations clamp to 50', () => {
    expect(() => tween({ from: 0, to: 1, durationMs: Number.NaN, onUpdate: () => undefined })).toThrow('Tween duration must be a finite number.');
    let clock = 0;
    const frames: Array<() => void> = [];
    const values: number[] = [];
    tween({ from: 0, to: 100, onUpdate: (v) => values.push(v), now: () => clock, frame: (cb) => frames.push(cb) });
    clock = 300;
    frames.shift()!();
    expect(values.at(-1)).toBe(100);
    expect(frames).toHaveLength(0);
    expect(scrollDuration({ durationMs: 1000 })).toBe(50);
    expect(scrollDuration({ durationMs: 1000, maxDurationMs: 400 })).toBe(400);
  });

  it('focusFirst needs exactly one of container or predicate', () => {
    document.body.innerHTML = '<div id="c"><button id="b">x</button></div>';
    expect(() => focusFirst({})).toThrow('Provide exactly one of container or predicate.');
    expect(() => focusFirst({ container: document.body, predicate: () => true })).toThrow();
    expect(focusFirst({ container: document.getElementById('c')! })?.id).toBe('b');
    expect(document.activeElement?.id).toBe('b');
  });

  it('session entries expire and are removed', () => {
    writeEntry('k', { a: 1 }, 1000, 0);
    expect(readEntry('k', 999)).toEqual({ a: 1 });
    expect(readEntry('k', 1000)).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
    writeEntry('forever', 'x');
    expect(readEntry('forever', Number.MAX_SAFE_INTEGER)).toBe('x');
  });

  it('falls back to cookies when storage is unavailable', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    writeEntry('cookieKey', 'v', 60_000);
    expect(document.cookie).toContain('cookieKey=');
    expect(readEntry('cookieKey')).toBe('v');
    spy.mockRestore();
  });

  it('captcha loads once, renders once per container, compact below 320 px', async () => {
    const provider: CaptchaProvider = {
      load: vi.fn(async () => undefined), render: vi.fn(() => 7), execute: vi.fn(async () => 't'), reset: vi.fn(), destroy: vi.fn(),
    };
    const manager = new CaptchaManager(provider);
    const container = document.createElement('div');
    expect(await manager.render(container, { action: 'form_block', onToken: () => undefined, onExpired: () => undefined })).toBe(7);
    expect(await manager.render(container, { action: 'form_block', onToken: () => undefined, onExpired: () => undefined })).toBe(7);
    expect(provider.load).toHaveBeenCalledTimes(1);
    expect(provider.render).toHaveBeenCalledTimes(1);
    expect(container.getAttribute('data-captcha-rendered')).toBe('true');
    expect(captchaSizeFor(319)).toBe('compact');
    expect(captchaSizeFor(320)).toBe('normal');
    await expect(new CaptchaManager(null).execute(1)).rejects.toThrow('ReCaptcha has not been set up!');
  });

  it('gallery options apply conditionally with defaults and ranges', () => {
    expect(normalizeGalleryOptions()).toMatchObject({ design: 'grid', autoplay: false, autoplayDurationS: null, lightboxTheme: null, thumbnailsPerRow: 4, padding: 20 });
    expect(normalizeGalleryOptions({ autoplay: true, autoplayDuration: 99 }).autoplayDurationS).toBe(10);
    expect(normalizeGalleryOptions({ autoplay: true }).autoplayDurationS).toBe(5);
    expect(normalizeGalleryOptions({ thumbnails: true }).thumbnailStripHeight).toBe(80);
    expect(normalizeGalleryOptions({ showMeta: false, metaPosition: 'top' }).metaPosition).toBeNull();
    expect(normalizeGalleryOptions({ lightbox: true }).lightboxTheme).toBe('dark');
  });

  it('maps failed answers to catalogue messages', () => {
    expect(failureFromResponse(403, { crumbFail: true }, 'x').message).toBe('Your session has expired. Please reload the page and try again.');
    expect(failureFromResponse(429, {}, 'x').message).toBe('Please try again in a few seconds.');
    expect(failureFromResponse(400, { message: 'Bad sku' }, 'x')).toMatchObject({ kind: 'validation', message: 'Bad sku' });
    expect(failureFromResponse(500, null, 'Please try again.').message).toBe('Please try again.');
  });
});
