/** Products: search, each product's type, visibility, stock and price at a glance, and an import from a spreadsheet. */
import { useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Navigate } from '../AdminApp.tsx';
import { Notice } from '../Field.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { useCall } from '../use-call.ts';
import { useStoreCurrency } from '../store-currency.ts';
import { useStoreMoneyFormat } from '../store-money-format.ts';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { ProductImport } from './ProductImport.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { AdminLink } from '../AdminLink.tsx';
import { typeTakesStock } from '../../lib/product-stock.ts';
import { useCarriedNotice } from '../screen-notice.ts';

interface ProductSummary {
  id: string;
  title: string;
  productType: number;
  visible: boolean;
  variantCount: number;
  stock: number | null;
  lowestPriceCents: number;
  imageUrl: string | null;
}

const TYPE_NAMES: Record<number, string> = {
  1: ADMIN.productTypes.physical, 2: ADMIN.productTypes.digital, 3: ADMIN.productTypes.service, 4: ADMIN.productTypes.giftCard, 5: ADMIN.productTypes.subscription,
};

/** The stock at a glance: by the type first, so a digital product or gift card holding 0 is never shown sold out. */
function StockCell({ product }: { product: ProductSummary }) {
  if (!typeTakesStock(product.productType)) return <td>{ADMIN.alwaysAvailable}</td>;
  return <td className={product.stock === 0 ? 'admin-out' : undefined}>{product.stock === null ? ADMIN.unlimitedStock : product.stock}</td>;
}

export function ProductsScreen({ navigate, canEdit }: { navigate: Navigate; canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, error, loading, reload } = useCall<{ products: ProductSummary[]; hasMore: boolean }>(
    `/api/admin/products?q=${encodeURIComponent(search)}&limit=${ADMIN_PAGE_SIZE}&offset=${offset}`,
  );
  const currency = useStoreCurrency();
  const moneyFormat = useStoreMoneyFormat();
  // what the editor left on its way here: "Harbour Jacket deleted."
  const [notice] = useCarriedNotice();

  return (
    <section aria-labelledby="products-title">
      <div className="admin-toolbar">
        <h1 id="products-title">{ADMIN.screens.products}</h1>
        <span className="admin-actions">
          <a href="/api/admin/products.csv" download>{ADMIN.exportCsv}</a>
          {canEdit ? <button type="button" onClick={() => navigate(ADMIN_PATHS.newProduct)}>{ADMIN.newProduct}</button> : null}
        </span>
      </div>
      {canEdit ? <ProductImport onImported={() => { setOffset(0); reload(); }} /> : null}
      <Notice text={notice.text} kind={notice.kind} />
      <SearchForm id="product-search" onSearch={(words) => { setSearch(words); setOffset(0); }} />
      <Notice text={error} kind="error" />
      {loading && !data ? <p>{ADMIN.loading}</p> : null}
      {data && data.products.length === 0 ? <p>{ADMIN.noProducts}</p> : null}
      {data && data.products.length > 0 ? (
        <TableRegion label={ADMIN.screens.products}>
          <table className="admin-table">
            <thead>
              <tr><th scope="col">{ADMIN.title}</th><th scope="col">{ADMIN.productType}</th><th scope="col">{ADMIN.status}</th><th scope="col">{ADMIN.stock}</th><th scope="col">{ADMIN.price}</th></tr>
            </thead>
            <tbody>
              {data.products.map((product) => (
                <tr key={product.id} data-product-id={product.id}>
                  <td>
                    <AdminLink to={ADMIN_PATHS.product(product.id)} navigate={navigate}>{product.title}</AdminLink>
                    <small className="admin-hint"> {ADMIN.variantCount(product.variantCount)}</small>
                  </td>
                  <td>{TYPE_NAMES[product.productType] ?? ''}</td>
                  <td>{product.visible ? ADMIN.visible : ADMIN.hidden}</td>
                  <StockCell product={product} />
                  <td>{formatMoney(product.lowestPriceCents, currency, moneyFormat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.products.length} hasMore={data.hasMore} onPage={setOffset} /> : null}
    </section>
  );
}
