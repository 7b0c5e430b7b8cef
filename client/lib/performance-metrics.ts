/**
 * Web performance metrics (FCP, LCP, FID, INP, TTFB, CLS) rated with the
 * platform's good/poor thresholds and sent in one batch: after the settings
 * call answers, 30 s after load or on page hide, whichever comes first.
 */
import { api } from './api.ts';
import { API_PATHS } from './api-paths.ts';

export type MetricName = 'FCP' | 'LCP' | 'FID' | 'INP' | 'TTFB' | 'CLS';
export type MetricRating = 'good' | 'needs-improvement' | 'poor';

export const METRIC_THRESHOLDS: Readonly<Record<MetricName, readonly [good: number, poor: number]>> = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  FID: [100, 300],
  INP: [200, 500],
  TTFB: [800, 1800],
  CLS: [0.1, 0.25],
};

export const PERFORMANCE_TIMING = {
  settingsTimeoutMs: 30_000,
  flushAfterLoadMs: 30_000,
  maxWaitMs: 60_000,
} as const;

export function rateMetric(name: MetricName, value: number): MetricRating {
  const [good, poor] = METRIC_THRESHOLDS[name];
  if (value <= good) return 'good';
  if (value > poor) return 'poor';
  return 'needs-improvement';
}

export interface MetricRecord {
  name: MetricName;
  value: number;
  rating: MetricRating;
}

/** Collects metric values; the latest value of each wins (CLS accumulates). */
export class MetricCollector {
  private readonly values = new Map<MetricName, number>();

  record(name: MetricName, value: number): void {
    if (!Number.isFinite(value) || value < 0) return;
    if (name === 'CLS') this.values.set(name, (this.values.get(name) ?? 0) + value);
    else if (name === 'INP') this.values.set(name, Math.max(this.values.get(name) ?? 0, value));
    else if (name === 'FID' && this.values.has('FID')) return;
    else this.values.set(name, value);
  }

  records(): MetricRecord[] {
    return [...this.values].map(([name, value]) => ({ name, value, rating: rateMetric(name, value) }));
  }
}

function observe(type: string, onEntries: (entries: PerformanceEntryList) => void): void {
  if (typeof PerformanceObserver === 'undefined') return;
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true } as PerformanceObserverInit);
  } catch {
    // The browser does not know this entry type; that metric is simply absent.
  }
}

interface ShiftEntry extends PerformanceEntry { value: number; hadRecentInput: boolean }
interface InputEntry extends PerformanceEntry { processingStart: number }

function startObservers(collector: MetricCollector): void {
  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') collector.record('FCP', entry.startTime);
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last) collector.record('LCP', last.startTime);
  });
  observe('first-input', (entries) => {
    const first = entries[0] as InputEntry | undefined;
    if (first) collector.record('FID', first.processingStart - first.startTime);
  });
  observe('event', (entries) => {
    for (const entry of entries) collector.record('INP', entry.duration);
  });
  observe('layout-shift', (entries) => {
    for (const entry of entries as ShiftEntry[]) if (!entry.hadRecentInput) collector.record('CLS', entry.value);
  });
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation) collector.record('TTFB', navigation.responseStart);
}

/** Starts collecting and schedules the one batch. Returns the collector. */
export function startPerformanceMetrics(): MetricCollector {
  const collector = new MetricCollector();
  startObservers(collector);
  let sent = false;
  const settings = api.get<{ pageLoadId?: string }>(API_PATHS.performanceSettings, { timeoutMs: PERFORMANCE_TIMING.settingsTimeoutMs });
  const flush = (): void => {
    if (sent) return;
    sent = true;
    void settings.then((answer) => {
      if (!answer.ok || !answer.data?.pageLoadId) return;
      const events = collector.records();
      if (events.length === 0) return;
      void api.post(API_PATHS.performanceRecords, { pageLoadId: answer.data.pageLoadId, events }, { keepalive: true });
    });
  };
  setTimeout(flush, PERFORMANCE_TIMING.flushAfterLoadMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush, { once: true });
  return collector;
}
