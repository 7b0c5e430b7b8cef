/**
 * Products: search, filters and sorts, how many there are, each product's type, visibility, stock
 * and price at a glance, and an import from a spreadsheet. The search, filters, sort and page are
 * kept in the address, as the other lists keep theirs: Back, Forward, a reload or a shared link
 * show the same list, and a product opened from it leads back to it.
 */
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
import { pageOf, useAddressQuery } from '../use-address-query.ts';
import { ProductListFilters } from './ProductListFilters.tsx';
import { productListFields, productsListQuery, type ProductListFields } from './products-list-query.ts';
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
  /** A product with a plan: a subscription, as the editor calls it, whatever its type code (absent from an older server). */
  subscription?: boolean;
}

const TYPE_NAMES: Record<number, string> = {
  1: ADMIN.productTypes.physical, 2: ADMIN.productTypes.digital, 3: ADMIN.productTypes.service, 4: ADMIN.productTypes.giftCard, 5: ADMIN.productTypes.subscription,
};

/** The stock at a glance: by the type first, so a digital product or gift card holding 0 is never shown sold out. */
function StockCell({ product }: { product: ProductSummary }) {
  if (!typeTakesStock(product.productType)) return <td>{ADMIN.alwaysAvailable}</td>;
  return <td className={product.stock === 0 ? 'admin-out' : undefined}>{product.stock === null ? ADMIN.unlimitedStock : product.stock}</td>;
}

interface ProductsAnswer {
  products: ProductSummary[];
  hasMore: boolean;
  /** How many products the search and filters find, over all pages (absent from an older server). */
  total?: number;
  /** The owner's running-low figure, for the filter's label. */
  lowStock?: number;
}

/** The count above the list: the shop's products, or those the search or filters find. */
function countText(total: number, fields: ProductListFields): string {
  if (fields.q !== '') return ADMIN.productsMatchWords(total, fields.q);
  const filtered = fields.type !== '' || fields.visible !== '' || fields.category !== '' || fields.stock !== '';
  return filtered ? ADMIN.productsMatchFilters(total) : ADMIN.productCount(total);
}

export function ProductsScreen({ navigate, canEdit }: { navigate: Navigate; canEdit: boolean }) {
  const [address, setAddress] = useAddressQuery();
  const fields = productListFields(address);
  const { offset } = pageOf(address, ADMIN_PAGE_SIZE);
  const filterQuery = new URLSearchParams(Object.entries(fields).filter(([, value]) => value !== '')).toString();
  const { data, error, loading, reload } = useCall<ProductsAnswer>(
    `/api/admin/products?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${filterQuery ? `&${filterQuery}` : ''}`,
  );
  // another search, filter or sort starts again from the first page
  const filter = (changed: Partial<ProductListFields>) => setAddress({ ...fields, ...changed, page: '' });
  const toPage = (next: number) => setAddress({ ...fields, page: next === 0 ? '' : String(next / ADMIN_PAGE_SIZE + 1) });
  // a product opened from the list keeps the list's filters and page, for its way back
  const productPath = (productId: string) => `${ADMIN_PATHS.product(productId)}${productsListQuery(address)}`;
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
          {canEdit ? <button type="button" onClick={() => navigate(`${ADMIN_PATHS.newProduct}${productsListQuery(address)}`)}>{ADMIN.newProduct}</button> : null}
        </span>
      </div>
      {canEdit ? <ProductImport onImported={() => { if (offset === 0) reload(); else toPage(0); }} /> : null}
      <Notice text={notice.text} kind={notice.kind} />
      <SearchForm id="product-search" hint={ADMIN.productSearchHint} initialWords={fields.q} onSearch={(words) => filter({ q: words })} />
      <ProductListFilters fields={fields} lowStock={data?.lowStock ?? null} onChange={filter} />
      <Notice text={error} kind="error" />
      {loading && !data ? <p>{ADMIN.loading}</p> : null}
      {data?.total !== undefined ? <p className="admin-list-count" role="status">{countText(data.total, fields)}</p> : null}
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
                    <AdminLink to={productPath(product.id)} navigate={navigate}>{product.title}</AdminLink>
                    <small className="admin-hint"> {ADMIN.variantCount(product.variantCount)}</small>
                  </td>
                  <td>{product.subscription ? ADMIN.productTypes.subscription : TYPE_NAMES[product.productType] ?? ''}</td>
                  <td>{product.visible ? ADMIN.visible : ADMIN.hidden}</td>
                  <StockCell product={product} />
                  <td>{formatMoney(product.lowestPriceCents, currency, moneyFormat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.products.length} hasMore={data.hasMore} total={data.total} onPage={toPage} /> : null}
    </section>
  );
}
