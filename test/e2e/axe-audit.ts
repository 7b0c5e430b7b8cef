/**
 * Runs axe-core's WCAG 2.1 A and AA rules and its best practices in a page driven by
 * playwright-core: the engine's source is injected as a script (the page needs no build step of
 * its own), and each finding comes back as one line a developer can act on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rule sets the audit holds the pages to: WCAG 2.1 A and AA, and axe's best practices, which
 * catch what a screen reader meets though no success criterion names it (content outside every
 * landmark, two landmarks of one name, a skipped heading level, a picture's text said twice).
 */
export const AUDIT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/**
 * Findings kept on purpose, each with its reason. The specification fixes the cart pill's
 * accessible name ('One item in cart', '{n} items in cart'), which cannot also hold the count and
 * subtotal the pill shows; the header's cart link, whose markup is free, shows the word Cart.
 */
const KEPT_BY_SPECIFICATION: ReadonlyArray<{ rule: string; target: RegExp }> = [
  { rule: 'label-content-name-mismatch', target: /sqs-pill-shopping-cart/ },
];

/** Most severe first: the order a failure lists its findings in. */
const SEVERITY: ReadonlyArray<ImpactValue | 'unknown'> = ['critical', 'serious', 'moderate', 'minor', 'unknown'];

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

/** Audits the page as it is now against the audit's rules; one finding per offending element. */
export async function auditPage(page: Page, where: string): Promise<AxeFinding[]> {
  await settle(page);
  // A navigation drops the injected script; inject it again only when it is gone.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } })
      .axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [...AUDIT_TAGS],
  );
  const findings: AxeFinding[] = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      where,
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? 'unknown',
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' >>> '),
      helpUrl: violation.helpUrl,
      summary: violation.help,
    })),
  );
  return findings.filter((finding) => !KEPT_BY_SPECIFICATION.some((kept) => kept.rule === finding.rule && kept.target.test(finding.target)));
}

/**
 * A failure message that says what to fix and where: a count by rule, then one line a finding,
 * the most severe first (in page order within an impact), so a long list still starts with what
 * matters most.
 */
export function describeFindings(findings: readonly AxeFinding[]): string {
  const ordered = [...findings].sort((a, b) => SEVERITY.indexOf(a.impact) - SEVERITY.indexOf(b.impact));
  const counts = new Map<string, number>();
  for (const finding of ordered) {
    const rule = `${finding.rule} (${finding.impact})`;
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  const summary = [...counts].map(([rule, count]) => `${count} × ${rule}`).join(', ');
  const lines = ordered.map((finding) =>
    `${finding.where}: ${finding.rule} (${finding.impact}) at ${finding.target} — ${finding.summary} ${finding.helpUrl}`);
  return [summary, ...lines].join('\n');
}
