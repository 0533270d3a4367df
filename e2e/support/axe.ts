import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type TAxeFinding = { id: string; impact: string; help: string; targets: string[] };

/** Runs axe (WCAG 2.1 A and AA) on the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<TAxeFinding[]> {
  const result = await new AxeBuilder({ page: page as any }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** One line per finding, for a readable assertion message. */
export function describeFindings(findings: TAxeFinding[]) {
  return findings.map((f) => `${f.impact} ${f.id}: ${f.help} → ${f.targets.join(', ')}`).join('\n');
}
