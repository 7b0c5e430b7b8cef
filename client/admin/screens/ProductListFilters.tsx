/**
 * The product list's filters and sort: type, visibility, category (the shop's own, which the
 * screen reads from the server, a category a bulk action added among them once applied),
 * running low (the inventory's rule and the owner's figure) and the order. Each change is the
 * screen's to keep in the address.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { PRODUCT_LIST_KINDS, PRODUCT_SORTS } from '../../lib/product-list-choices.ts';
import { CheckboxField, Field } from '../Field.tsx';
import type { ProductListFields } from './products-list-query.ts';

export function ProductListFilters({ fields, categories, lowStock, onChange }: {
  fields: ProductListFields; categories: readonly string[]; lowStock: number | null; onChange: (changed: Partial<ProductListFields>) => void;
}) {
  // a category a shared link names that no product has any more is still shown as chosen
  const offered = fields.category === '' || categories.includes(fields.category) ? categories : [fields.category, ...categories];
  return (
    <div className="admin-row admin-product-filters">
      <Field label={ADMIN.productType}>
        {(control) => (
          <select {...control} value={fields.type} onChange={(event) => onChange({ type: event.target.value })}>
            <option value="">{ADMIN.allProductTypes}</option>
            {PRODUCT_LIST_KINDS.map((kind) => <option key={kind} value={kind}>{ADMIN.productTypes[kind]}</option>)}
          </select>
        )}
      </Field>
      <Field label={ADMIN.visibility}>
        {(control) => (
          <select {...control} value={fields.visible} onChange={(event) => onChange({ visible: event.target.value })}>
            <option value="">{ADMIN.anyVisibility}</option>
            <option value="visible">{ADMIN.visible}</option>
            <option value="hidden">{ADMIN.hidden}</option>
          </select>
        )}
      </Field>
      <Field label={ADMIN.category}>
        {(control) => (
          <select {...control} value={fields.category} onChange={(event) => onChange({ category: event.target.value })}>
            <option value="">{ADMIN.allCategories}</option>
            {offered.map((category) => <option key={category} value={category}>{category}</option>)}
          </select>
        )}
      </Field>
      <Field label={ADMIN.sortBy}>
        {(control) => (
          <select {...control} value={fields.sort || 'shop'} onChange={(event) => onChange({ sort: event.target.value === 'shop' ? '' : event.target.value })}>
            {PRODUCT_SORTS.map((sort) => <option key={sort} value={sort}>{ADMIN.productSorts[sort]}</option>)}
          </select>
        )}
      </Field>
      {/* the figure is the owner's setting, from the list's answer, as on the Inventory screen */}
      {lowStock !== null ? (
        <CheckboxField label={ADMIN.runningLow(lowStock)} checked={fields.stock === 'low'} onChange={(checked) => onChange({ stock: checked ? 'low' : '' })} />
      ) : null}
    </div>
  );
}
