/**
 * What the templates that write the tax's row read (the order confirmation page, the order
 * emails): whether the prices included the tax, which puts the row under the total rather than
 * above it, and the row's words (client/lib/tax-label.ts). Given in one place so the page and the
 * emails cannot come to tell one order's tax differently.
 */
import { taxLabel } from '../../client/lib/tax-label.ts';

export interface TaxRowParts {
  taxIncluded: boolean;
  taxLabel: string;
}

/** `taxName` '' for the platform's words; `rateTenths` null when the order kept no rate. */
export function taxRowParts(taxName: string, included: boolean, rateTenths: number | null): TaxRowParts {
  return { taxIncluded: included, taxLabel: taxLabel(taxName, included, rateTenths) };
}
