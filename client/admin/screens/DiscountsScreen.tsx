/**
 * Discounts: the store's discount codes, newest first, each with what it takes off, the order it
 * needs, what it applies to (the whole order, or its products or categories by name), how often it was used (of its limit, and whether once per customer), where it stands
 * (discountCodeState, as the server answers it) and its days; found by part of the code. The search and the page are kept in the
 * address; on a phone each code is a card, as Orders' rows. Whoever manages the store makes one.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import type { DiscountAppliesTo, DiscountCodeState, DiscountKind } from '../../lib/discount-code.ts';
import { formatMoney, type MoneyFormat } from '../../lib/money.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { Notice } from '../Field.tsx';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { textFromBasisPoints } from '../tax-rate-input.ts';
import { pageOf, searchAndPageQuery, useAddressQuery } from '../use-address-query.ts';
import { useCall } from '../use-call.ts';
import { useStoreMoneyFormat } from '../store-money-format.ts';

/** A code as the list and its editor show it (server/admin/discount-code-calls.ts). */
export interface DiscountCodeSummary {
  id: string; code: string; kind: DiscountKind; percentBasisPoints: number; amountCents: number; currency: string; minimumSubtotalCents: number;
  startsOn: number | null; endsOn: number | null; usageLimit: number | null; timesUsed: number; createdOn: number; stoppedOn: number | null;
  oncePerCustomer: boolean;
  /** The whole order, or its products' ids or categories' names (targets), named in targetNames (products since deleted left out). */
  appliesTo: DiscountAppliesTo; targets: string[]; targetNames: string[];
  /** Its first and last day in the store's time zone (YYYY-MM-DD); null for none. */
  firstDay: string | null; lastDay: string | null;
  state: DiscountCodeState;
}

/** What the code takes off: "25% off", "$10.00 off", "Free shipping". */
export function discountTakesOff(code: Pick<DiscountCodeSummary, 'kind' | 'percentBasisPoints' | 'amountCents' | 'currency'>, moneyFormat: MoneyFormat | null): string {
  if (code.kind === 'percent') return ADMIN.discountPercentOff(textFromBasisPoints(code.percentBasisPoints));
  if (code.kind === 'amount') return ADMIN.discountAmountOff(formatMoney(code.amountCents, code.currency, moneyFormat));
  return ADMIN.discountFreeShipping;
}

/** What it applies to: "Whole order", "Products: Stoneware Mug", "Categories: Ceramics, Home". */
export function discountAppliesToText(code: Pick<DiscountCodeSummary, 'kind' | 'appliesTo' | 'targetNames'>): string {
  if (code.kind === 'free-shipping' || code.appliesTo === 'order') return ADMIN.discountForOrder;
  if (code.appliesTo === 'categories') return ADMIN.discountForCategories(code.targetNames);
  return code.targetNames.length === 0 ? ADMIN.discountForNoProduct : ADMIN.discountForProducts(code.targetNames);
}

/** How often it was used: "3 of 100 used", or "3 used" without a limit. */
export function discountUsesText(code: Pick<DiscountCodeSummary, 'timesUsed' | 'usageLimit'>): string {
  return code.usageLimit === null ? ADMIN.discountUses(code.timesUsed) : ADMIN.discountUsesOf(code.timesUsed, code.usageLimit);
}

export function discountMinimumText(code: Pick<DiscountCodeSummary, 'minimumSubtotalCents' | 'currency'>, moneyFormat: MoneyFormat | null): string {
  return code.minimumSubtotalCents === 0 ? ADMIN.discountNoMinimum : formatMoney(code.minimumSubtotalCents, code.currency, moneyFormat);
}

export function DiscountsScreen({ navigate, canManage }: { navigate: Navigate; canManage: boolean }) {
  const [address, setAddress] = useAddressQuery();
  const q = address.get('q') ?? '';
  const { page, offset } = pageOf(address, ADMIN_PAGE_SIZE);
  const { data, error } = useCall<{ discountCodes: DiscountCodeSummary[]; hasMore: boolean }>(
    `/api/admin/discount-codes?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
  );
  const moneyFormat = useStoreMoneyFormat();
  const go = (event: { preventDefault(): void }, path: string) => {
    event.preventDefault();
    navigate(path);
  };
  // a code opened from the list keeps its search and page, for its way back
  const codePath = (id: string) => `${ADMIN_PATHS.discountCode(id)}${searchAndPageQuery(address)}`;
  return (
    <section aria-labelledby="discounts-title">
      <div className="admin-toolbar">
        <h1 id="discounts-title">{ADMIN.screens.discounts}</h1>
        {canManage ? (
          <span className="admin-actions">
            <button type="button" onClick={() => navigate(ADMIN_PATHS.newDiscountCode)}>{ADMIN.newDiscountCode}</button>
          </span>
        ) : null}
      </div>
      <SearchForm id="discount-search" hint={ADMIN.discountSearchHint} initialWords={q} onSearch={(words) => setAddress({ q: words, page: '' })} />
      <Notice text={error} kind="error" />
      {data && data.discountCodes.length === 0 ? <p>{q ? ADMIN.noMatchingDiscountCodes : ADMIN.noDiscountCodes}</p> : null}
      {data && data.discountCodes.length > 0 ? (
        <TableRegion label={ADMIN.screens.discounts}>
          <table role="table" className="admin-table admin-table--cards admin-discount-list" aria-labelledby="discounts-title">
            <CardTableHead columns={[ADMIN.discountCode, ADMIN.discountTakesOff, ADMIN.discountAppliesTo, ADMIN.discountMinimum, ADMIN.discountUsed, ADMIN.status, ADMIN.discountDates]} />
            <tbody role="rowgroup">
              {data.discountCodes.map((code) => (
                <tr role="row" key={code.id} data-discount-code-id={code.id}>
                  <td role="cell" data-label={ADMIN.discountCode}>
                    <a href={codePath(code.id)} onClick={(event) => go(event, codePath(code.id))}><code>{code.code}</code></a>
                  </td>
                  <td role="cell" data-label={ADMIN.discountTakesOff}>{discountTakesOff(code, moneyFormat)}</td>
                  <td role="cell" data-label={ADMIN.discountAppliesTo}>{discountAppliesToText(code)}</td>
                  <td role="cell" data-label={ADMIN.discountMinimum}>{discountMinimumText(code, moneyFormat)}</td>
                  <td role="cell" data-label={ADMIN.discountUsed}>
                    {code.oncePerCustomer ? ADMIN.discountUsesOncePerCustomer(discountUsesText(code)) : discountUsesText(code)}
                  </td>
                  <td role="cell" data-label={ADMIN.status} data-discount-state={code.state}>{ADMIN.discountStates[code.state]}</td>
                  <td role="cell" data-label={ADMIN.discountDates}>{ADMIN.discountDateRange(code.firstDay, code.lastDay)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? (
        <Pager offset={offset} shown={data.discountCodes.length} hasMore={data.hasMore} onPage={(next) => setAddress({ q, page: next === 0 ? '' : String(next / ADMIN_PAGE_SIZE + 1) })} />
      ) : null}
    </section>
  );
}
