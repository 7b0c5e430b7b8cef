// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPerformanceMetrics, PERFORMANCE_TIMING } from '../../client/lib/performance-metrics.ts';
import { trackPageView, trackAddToCart } from '../../client/lib/tracking.ts';
import { ErrorReporter } from '../../client/lib/error-reporting.ts';
import { api } from '../../client/lib/api.ts';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { clearCookies, scriptFetch, setCookies } from './helpers.ts';

const flushPromises = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('performance batch', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends one batch 30 s after load, after the settings call, with rated metrics', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: API_PATHS.performanceSettings, answer: { body: { pageLoadId: 'pl-1' } } },
      { method: 'POST', path: API_PATHS.performanceRecords, answer: { status: 204 } },
    ]);
    const collector = startPerformanceMetrics();
    collector.record('LCP', 4200);
    collector.record('TTFB', 100);
    await flushPromises();
    expect(calls.map((c) => c.method + ' ' + c.url.split('?')[0])).toEqual(['GET /api/1/performance/settings']);
    await vi.advanceTimersByTimeAsync(PERFORMANCE_TIMING.flushAfterLoadMs - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flushPromises();
    const records = calls.filter((c) => c.url === API_PATHS.performanceRecords);
    expect(records).toHaveLength(1);
    const body = records[0]!.body as { pageLoadId: string; events: Array<{ name: string; rating: string }> };
    expect(body.pageLoadId).toBe('pl-1');
    expect(body.events).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'LCP', rating: 'poor' }),
      expect.objectContaining({ name: 'TTFB', rating: 'good' }),
    ]));
    window.dispatchEvent(new Event('pagehide'));
    await flushPromises();
    expect(calls.filter((c) => c.url === API_PATHS.performanceRecords)).toHaveLength(1);
  });

  it('sends early on page hide and never without a pageLoadId', async () => {
    let settingsOk = true;
    const calls = scriptFetch([
      { method: 'GET', path: API_PATHS.performanceSettings, answer: () => (settingsOk ? { body: { pageLoadId: 'pl-2' } } : { status: 500 }) },
      { method: 'POST', path: API_PATHS.performanceRecords, answer: { status: 204 } },
    ]);
    startPerformanceMetrics().record('FCP', 500);
    window.dispatchEvent(new Event('pagehide'));
    await flushPromises();
    expect(calls.filter((c) => c.url === API_PATHS.performanceRecords)).toHaveLength(1);
    settingsOk = false;
    startPerformanceMetrics().record('FCP', 500);
    window.dispatchEvent(new Event('pagehide'));
    await flushPromises();
    expect(calls.filter((c) => c.url === API_PATHS.performanceRecords)).toHaveLength(1);
  });
});

describe('tracking calls', () => {
  beforeEach(() => clearCookies());
  afterEach(() => vi.unstubAllGlobals());

  it('posts a form-encoded page view with the census cookie, but not on excluded pages', async () => {
    setCookies('ss_cvr=visitor-1', 'crumb=c1');
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.censusHit, answer: { body: {} } }]);
    expect(trackPageView({ pageType: 1 }, { isFirstLanding: true, isFirstSession: true })).toBe(true);
    await flushPromises();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(calls[0]!.body as string);
    expect(form.get('event')).toBe('view');
    expect(form.get('ss_cvr')).toBe('visitor-1');
    expect(JSON.parse(form.get('data')!)).toMatchObject({ isFirstLanding: true, pageType: 1 });
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('c1');
    expect(trackPageView({ pageType: 103 }, { isFirstLanding: false, isFirstSession: false })).toBe(false);
    expect(trackAddToCart({ analyticsDisabled: true }, { itemId: 'i', sku: 's', quantity: 1 })).toBe(false);
  });

  it('reports JavaScript errors as one list of {event, data, timestamp} with the crumb header', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setCookies('crumb=c2');
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.javascriptErrors, answer: { body: {} } }]);
    const reporter = new ErrorReporter((batch) => api.post(API_PATHS.javascriptErrors, batch));
    reporter.report(new Error('one'));
    reporter.report('two');
    await vi.advanceTimersByTimeAsync(1000);
    await flushPromises();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('c2');
    expect(calls[0]!.body).toEqual([
      { event: 'JavascriptError', data: expect.objectContaining({ message: 'one' }), timestamp: expect.any(Number) },
      { event: 'JavascriptError', data: expect.objectContaining({ message: 'two' }), timestamp: expect.any(Number) },
    ]);
    vi.useRealTimers();
  });
});
