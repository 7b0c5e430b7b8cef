/**
 * Runs axe-core's WCAG 2.1 A and AA rules in a page driven by playwright-core: the engine's
 * source is injected as a script (the page needs no build step of its own), and each finding
 * comes back as one line a developer can act on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the audit holds the pages to. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Findings at these impacts fail the audit; moderate and minor ones are only reported. */
export const BLOCKING_IMPACTS: ReadonlySet<ImpactValue> = new Set(['serious', 'critical']);

export interface AxeFinding {
  /** Which page and width the finding was made on, e.g. "cart at 390 px". */
  where: string;
  rule: string;
  impact: ImpactValue | 'unknown';
  /** The CSS selector of the offending element (inside frames, joined by " >>> "). */
  target: string;
  helpUrl: string;
  summary: string;
}

/**
 * Lets the page come to rest before it is judged: a resize's observers and their renders run
 * within the next frames, and a dialog fading in would be measured at part of its contrast.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Audits the page as it is now against the WCAG 2.1 A and AA rules; one finding per offending element. */
export async function auditPage(page: Page, where: string): Promise<AxeFinding[]> {
  await settle(page);
  // A navigation drops the injected script; inject it again only when it is gone.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } })
      .axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [...WCAG_21_AA_TAGS],
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      where,
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? 'unknown',
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' >>> '),
      helpUrl: violation.helpUrl,
      summary: violation.help,
    })),
  );
}

export function isBlocking(finding: AxeFinding): boolean {
  return finding.impact !== 'unknown' && BLOCKING_IMPACTS.has(finding.impact);
}

/** One line a finding, for a failure message that says what to fix and where. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map((finding) => `${finding.where}: ${finding.rule} (${finding.impact}) at ${finding.target} — ${finding.summary} ${finding.helpUrl}`)
    .join('\n');
}
