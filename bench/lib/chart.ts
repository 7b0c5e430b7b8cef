/**
 * A small-multiples SVG chart: one panel per series, render time (µs, log
 * scale) against size (log scale), one line per engine. Written by hand so
 * the benchmark needs no plotting library.
 */

export interface ChartSeries {
  title: string;
  xLabel: string;
  /** Engine name → points (size, microseconds). */
  lines: Map<string, [number, number][]>;
}

const PANEL_W = 300;
const PANEL_H = 210;
const MARGIN = { left: 52, right: 12, top: 26, bottom: 34 };
const COLUMNS = 4;
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function formatTick(v: number): string {
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  if (v < 1) return v.toPrecision(1);
  return String(v);
}

function decades(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

function panel(series: ChartSeries, x0: number, y0: number, engines: readonly string[]): string {
  const points = [...series.lines.values()].flat();
  if (points.length === 0) return '';
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const xTicks = decades(Math.min(...xs), Math.max(...xs));
  const yTicks = decades(Math.min(...ys), Math.max(...ys));
  const [xLo, xHi] = [Math.log10(xTicks[0] as number), Math.log10(xTicks[xTicks.length - 1] as number)];
  const [yLo, yHi] = [Math.log10(yTicks[0] as number), Math.log10(yTicks[yTicks.length - 1] as number)];
  const plotW = PANEL_W - MARGIN.left - MARGIN.right;
  const plotH = PANEL_H - MARGIN.top - MARGIN.bottom;
  const px = (x: number): number => x0 + MARGIN.left + ((Math.log10(x) - xLo) / (xHi - xLo || 1)) * plotW;
  const py = (y: number): number => y0 + MARGIN.top + plotH - ((Math.log10(y) - yLo) / (yHi - yLo || 1)) * plotH;
  let svg = `<text x="${x0 + PANEL_W / 2}" y="${y0 + 16}" text-anchor="middle" font-weight="bold">${escapeXml(series.title)}</text>\n`;
  svg += `<rect x="${x0 + MARGIN.left}" y="${y0 + MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>\n`;
  for (const t of xTicks) {
    svg += `<line x1="${px(t)}" y1="${y0 + MARGIN.top}" x2="${px(t)}" y2="${y0 + MARGIN.top + plotH}" stroke="#eee"/>`;
    svg += `<text x="${px(t)}" y="${y0 + MARGIN.top + plotH + 13}" text-anchor="middle">${formatTick(t)}</text>\n`;
  }
  for (const t of yTicks) {
    svg += `<line x1="${x0 + MARGIN.left}" y1="${py(t)}" x2="${x0 + MARGIN.left + plotW}" y2="${py(t)}" stroke="#eee"/>`;
    svg += `<text x="${x0 + MARGIN.left - 4}" y="${py(t) + 4}" text-anchor="end">${formatTick(t)}</text>\n`;
  }
  svg += `<text x="${x0 + MARGIN.left + plotW / 2}" y="${y0 + PANEL_H - 6}" text-anchor="middle">${escapeXml(series.xLabel)}</text>\n`;
  svg += `<text transform="translate(${x0 + 12},${y0 + MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">µs per render</text>\n`;
  for (const [engine, pts] of series.lines) {
    const colour = COLOURS[engines.indexOf(engine) % COLOURS.length];
    const path = pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
    svg += `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`;
    for (const [x, y] of pts) svg += `<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${colour}"/>`;
    svg += '\n';
  }
  return svg;
}

export function renderChart(title: string, series: readonly ChartSeries[]): string {
  const engines = [...new Set(series.flatMap((s) => [...s.lines.keys()]))];
  const rows = Math.ceil(series.length / COLUMNS);
  const legendH = 24;
  const width = COLUMNS * PANEL_W + 16; // room for the last tick label
  const height = rows * PANEL_H + legendH + 30;
  let body = `<text x="${width / 2}" y="20" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(title)}</text>\n`;
  engines.forEach((e, i) => {
    const x = 20 + i * 240;
    body += `<rect x="${x}" y="32" width="14" height="4" fill="${COLOURS[i % COLOURS.length]}"/>`;
    body += `<text x="${x + 20}" y="38">${escapeXml(e)}</text>\n`;
  });
  series.forEach((s, i) => {
    body += panel(s, (i % COLUMNS) * PANEL_W, 30 + legendH + Math.floor(i / COLUMNS) * PANEL_H, engines);
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="sans-serif" font-size="11">\n<rect width="100%" height="100%" fill="white"/>\n${body}</svg>\n`
  );
}
