/**
 * The product list's bulk actions (`POST /api/admin/products/bulk`): how many products are chosen,
 * always said (a polite live region), the offer to choose every product the search and filters
 * keep once the whole page is ticked ("Select all 342 products that match", up to the most one
 * call takes), and the action with its category (one of the shop's, or a new name). Delete asks
 * first, naming how many products go and what goes with them. On a phone, where the table's
 * header row is read by screen readers only, the page's box is here instead.
 */
import { useRef, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { MAX_BULK_PRODUCTS, PRODUCT_BULK_ACTIONS, type ProductBulkAction } from '../../lib/product-list-choices.ts';
import { adminCall } from '../admin-api.ts';
import { CheckboxField, Field } from '../Field.tsx';
import type { ProductSelectionControls } from './product-selection.ts';
import type { ProductListFields } from './products-list-query.ts';

const TEXT = ADMIN.productBulk;
const TAKES_CATEGORY: ReadonlySet<string> = new Set<ProductBulkAction>(['add-category', 'remove-category']);

interface BulkAnswer { changed: number; message: string }

export function ProductBulkBar({ selection, pageIds, total, filtered, fields, categories, onDone, onRefused }: {
  selection: ProductSelectionControls;
  /** The products of the page shown. */
  pageIds: readonly string[];
  /** How many products the search and filters keep. */
  total: number;
  filtered: boolean;
  /** The list's search and filters, for an action on every product they keep. */
  fields: ProductListFields;
  categories: readonly string[];
  onDone: (message: string, action: ProductBulkAction) => void;
  onRefused: (message: string, status: number) => void;
}) {
  const [action, setAction] = useState<ProductBulkAction | ''>('');
  const [category, setCategory] = useState('');
  const [problems, setProblems] = useState<{ action?: string; category?: string }>({});
  const [busy, setBusy] = useState(false);
  const actionBox = useRef<HTMLSelectElement>(null);
  const categoryBox = useRef<HTMLInputElement>(null);

  const count = selection.countOf(total);
  const matching = selection.selection.kind === 'matching';
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));
  const morePages = total > pageIds.length;

  async function apply() {
    if (busy) return;
    if (action === '') {
      setProblems({ action: TEXT.chooseActionFirst });
      actionBox.current?.focus();
      return;
    }
    const name = category.trim();
    if (TAKES_CATEGORY.has(action) && name === '') {
      setProblems({ category: ADMIN.server.productBulkCategory });
      categoryBox.current?.focus();
      return;
    }
    setProblems({});
    if (action === 'delete' && !window.confirm(TEXT.confirmDelete(count))) return;
    const target = selection.selection.kind === 'matching'
      ? { filter: { q: fields.q, type: fields.type, visible: fields.visible, category: fields.category, stock: fields.stock }, expectedCount: total }
      : { productIds: [...selection.selection.ids] };
    setBusy(true);
    const answer = await adminCall<BulkAnswer>('POST', '/api/admin/products/bulk', { action, ...(TAKES_CATEGORY.has(action) ? { category: name } : {}), ...target });
    setBusy(false);
    if (!answer.ok) {
      if (answer.fieldErrors.category) setProblems({ category: answer.fieldErrors.category });
      onRefused(answer.message, answer.status);
      return;
    }
    setAction('');
    setCategory('');
    onDone(answer.data.message, action);
  }

  return (
    <div className="admin-bulk" role="group" aria-label={TEXT.region}>
      <div className="admin-bulk-selection">
        {/* the page's box where the table's header row is not drawn (a phone) */}
        <div className="admin-bulk-page-box">
          <CheckboxField label={TEXT.selectPage} checked={pageSelected} onChange={(checked) => selection.setPage(pageIds, checked)} />
        </div>
        <p className="admin-bulk-count" aria-live="polite">
          {matching ? TEXT.allMatchingSelected(total, filtered) : TEXT.selectedCount(count)}
        </p>
        {pageSelected && morePages && !matching
          ? (total <= MAX_BULK_PRODUCTS
            ? <button type="button" onClick={selection.selectMatching}>{TEXT.selectAllMatching(total, filtered)}</button>
            : <p className="admin-hint">{TEXT.tooManyToSelect(total, MAX_BULK_PRODUCTS)}</p>)
          : null}
        {count > 0 ? <button type="button" onClick={selection.clear}>{TEXT.clearSelection}</button> : null}
      </div>
      {count > 0 ? (
        <div className="admin-bulk-action">
          <Field label={TEXT.action} error={problems.action}>
            {(control) => (
              <select {...control} ref={actionBox} value={action} onChange={(event) => { setAction(event.target.value as ProductBulkAction | ''); setProblems({}); }}>
                <option value="">{TEXT.chooseAction}</option>
                {PRODUCT_BULK_ACTIONS.map((name) => <option key={name} value={name}>{TEXT.actions[name]}</option>)}
              </select>
            )}
          </Field>
          {TAKES_CATEGORY.has(action) ? (
            <Field label={ADMIN.category} hint={TEXT.categoryHint} error={problems.category}>
              {(control) => (
                <>
                  <input {...control} ref={categoryBox} type="text" list={`${control.id}-choices`} maxLength={60} autoComplete="off"
                    value={category} onChange={(event) => setCategory(event.target.value)} />
                  <datalist id={`${control.id}-choices`}>
                    {categories.map((name) => <option key={name} value={name} />)}
                  </datalist>
                </>
              )}
            </Field>
          ) : null}
          <button type="button" className="admin-bulk-apply" disabled={busy} onClick={() => void apply()}>
            {busy ? TEXT.applying : TEXT.apply(count)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
