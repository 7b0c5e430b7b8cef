/** Inventory: every variant's stock in one table (found by title or SKU, or only those running low), edited in place, with each variant's history. */
import { useEffect, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall } from '../admin-api.ts';
import { CheckboxField, Notice } from '../Field.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { integerFromText } from '../money-input.ts';
import { useCall } from '../use-call.ts';
import { TableRegion } from '../TableRegion.tsx';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';

interface InventoryRow {
  productId: string; productTitle: string; variantId: string; sku: string; attributes: Record<string, string>; qtyInStock: number; unlimited: boolean;
}
interface StockChange { delta: number; quantityAfter: number | null; reason: string; actor: string; orderId: string | null; createdOn: number }

function StockCell({ row, canEdit, reason, onSaved }: { row: InventoryRow; canEdit: boolean; reason: string; onSaved: (text: string) => void }) {
  const [value, setValue] = useState(String(row.qtyInStock));
  const [error, setError] = useState('');
  useEffect(() => setValue(String(row.qtyInStock)), [row.qtyInStock]);
  const label = `${ADMIN.stock} ${row.sku}`;
  async function save() {
    if (value === String(row.qtyInStock)) return;
    const answer = await adminCall('PUT', `/api/admin/inventory/${encodeURIComponent(row.variantId)}`, { qtyInStock: integerFromText(value), unlimited: row.unlimited, reason });
    if (answer.ok) {
      setError('');
      onSaved(ADMIN.stockSaved);
    } else setError(answer.fieldErrors.qtyInStock ?? answer.message);
  }
  if (row.unlimited) return <span>{ADMIN.unlimitedStock}</span>;
  return (
    <>
      <input
        aria-label={label}
        className="admin-stock-input"
        inputMode="numeric"
        value={value}
        readOnly={!canEdit}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setValue(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => { if (event.key === 'Enter') void save(); }}
      />
      {error ? <span className="admin-field-error" role="alert">{error}</span> : null}
    </>
  );
}

export function InventoryScreen({ canEdit }: { canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [runningLow, setRunningLow] = useState(false);
  const [offset, setOffset] = useState(0);
  const { data, error, reload } = useCall<{ variants: InventoryRow[]; hasMore: boolean; lowStock: number }>(
    `/api/admin/inventory?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${search ? `&q=${encodeURIComponent(search)}` : ''}${runningLow ? '&stock=low' : ''}`,
  );
  const [reason, setReason] = useState('owner-edit');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<InventoryRow | null>(null);
  const history = useCall<{ changes: StockChange[] }>(open ? `/api/admin/inventory/${encodeURIComponent(open.variantId)}/history` : null);

  return (
    <section aria-labelledby="inventory-title">
      <h1 id="inventory-title">{ADMIN.screens.inventory}</h1>
      {canEdit ? (
        <p className="admin-field">
          <label htmlFor="stock-reason">{ADMIN.stockReason}</label>
          <select id="stock-reason" value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="owner-edit">{ADMIN.reasons['owner-edit']}</option>
            <option value="restock">{ADMIN.reasons.restock}</option>
          </select>
        </p>
      ) : null}
      <SearchForm id="inventory-search" hint={ADMIN.inventorySearchHint} onSearch={(words) => { setSearch(words); setOffset(0); }} />
      {/* the figure is the owner's setting, from the server: the switch appears with the first answer, which keeps it across reloads */}
      {data ? <CheckboxField label={ADMIN.runningLow(data.lowStock)} checked={runningLow} onChange={(checked) => { setRunningLow(checked); setOffset(0); }} /> : null}
      <Notice text={error} kind="error" />
      <Notice text={notice} />
      {data && data.variants.length === 0 ? <p>{ADMIN.noVariants}</p> : null}
      {data && data.variants.length > 0 ? (
        <TableRegion label={ADMIN.screens.inventory}>
          <table className="admin-table">
            <thead>
              <tr><th scope="col">{ADMIN.inventoryProduct}</th><th scope="col">{ADMIN.variant}</th><th scope="col">{ADMIN.sku}</th><th scope="col">{ADMIN.stock}</th><th scope="col">{ADMIN.history}</th></tr>
            </thead>
            <tbody>
              {data.variants.map((row) => (
                <tr key={row.variantId} data-sku={row.sku}>
                  <td>{row.productTitle}</td>
                  <td>{Object.values(row.attributes).join(' / ')}</td>
                  <td>{row.sku}</td>
                  <td><StockCell row={row} canEdit={canEdit} reason={reason} onSaved={(text) => { setNotice(text); reload(); if (open?.variantId === row.variantId) history.reload(); }} /></td>
                  <td><button type="button" aria-label={ADMIN.historyOf(row.sku)} onClick={() => setOpen(row)}>{ADMIN.history}</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.variants.length} hasMore={data.hasMore} onPage={setOffset} /> : <p>{ADMIN.loading}</p>}
      {open ? (
        <section aria-labelledby="history-title" className="admin-panel">
          <h2 id="history-title">{ADMIN.historyOf(open.sku)}</h2>
          {history.data && history.data.changes.length === 0 ? <p>{ADMIN.noHistory}</p> : null}
          {history.data && history.data.changes.length > 0 ? (
            <TableRegion label={ADMIN.history}>
              <table className="admin-table admin-history">
                <thead><tr><th scope="col">{ADMIN.when}</th><th scope="col">{ADMIN.change}</th><th scope="col">{ADMIN.stock}</th><th scope="col">{ADMIN.why}</th><th scope="col">{ADMIN.who}</th></tr></thead>
                <tbody>
                  {history.data.changes.map((change, index) => (
                    <tr key={index}>
                      <td>{new Date(change.createdOn).toLocaleString()}</td>
                      <td>{change.delta > 0 ? `+${change.delta}` : change.delta}</td>
                      <td>{change.quantityAfter ?? ''}</td>
                      <td>{ADMIN.reasons[change.reason] ?? change.reason}{change.orderId ? ` (${change.orderId.slice(0, 8)})` : ''}</td>
                      <td>{change.actor}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
