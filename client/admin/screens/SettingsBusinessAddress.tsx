/**
 * Settings → Business address (optional): where the shop sends parcels from and takes returns.
 * The server prints it on packing slips and at the foot of the shopper's order emails, and with
 * the shop's VAT number (optional, its own field under the address) as the seller on invoices; the
 * form keeps each part as a field of its own, so a save refused as stale merges them one by one.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import type { FieldErrors } from '../admin-api.ts';
import { Field } from '../Field.tsx';

/** The address as the settings call reads and writes it (`businessAddress`). */
export interface BusinessAddress { name: string; line1: string; line2: string; city: string; region: string; postalCode: string; country: string }

export type AddressForm = Record<(typeof ADDRESS_FIELDS)[number]['key'], string>;

/** Each field: its key in the form, its part of the address, its label and what browsers fill it with. */
export const ADDRESS_FIELDS = [
  { key: 'businessName', part: 'name', label: ADMIN.businessName, autoComplete: 'organization' },
  { key: 'addressLine1', part: 'line1', label: ADMIN.addressLine1, autoComplete: 'address-line1' },
  { key: 'addressLine2', part: 'line2', label: ADMIN.addressLine2, autoComplete: 'address-line2' },
  { key: 'addressCity', part: 'city', label: ADMIN.addressCity, autoComplete: 'address-level2' },
  { key: 'addressRegion', part: 'region', label: ADMIN.addressRegion, autoComplete: 'address-level1' },
  { key: 'addressPostalCode', part: 'postalCode', label: ADMIN.addressPostalCode, autoComplete: 'postal-code' },
  { key: 'addressCountry', part: 'country', label: ADMIN.addressCountry, autoComplete: 'country-name' },
] as const satisfies ReadonlyArray<{ key: string; part: keyof BusinessAddress; label: string; autoComplete: string }>;

/** The form's fields from the stored address (empty parts when a server sends none). */
export function addressFormOf(address: Partial<BusinessAddress> | undefined): AddressForm {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.key, address?.[field.part] ?? ''])) as AddressForm;
}

export function addressPayloadOf(form: AddressForm): BusinessAddress {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.part, form[field.key]])) as unknown as BusinessAddress;
}

/** The address's fields and the VAT number printed with it on invoices (`vatNumber`, beside `businessAddress` in the settings). */
type SellerForm = AddressForm & { vatNumber: string };

export function BusinessAddressFields({ form, errors, update }: { form: SellerForm; errors: FieldErrors; update: (change: Partial<SellerForm>) => void }) {
  return (
    <fieldset className="admin-variant admin-address" aria-describedby="business-address-hint">
      <legend>{ADMIN.businessAddress}</legend>
      <small id="business-address-hint" className="admin-hint">{ADMIN.businessAddressHint}</small>
      {ADDRESS_FIELDS.map((field) => (
        <Field key={field.key} label={field.label} error={errors[`businessAddress.${field.part}`]}>
          {(control) => <input {...control} autoComplete={field.autoComplete} value={form[field.key]} onChange={(event) => update({ [field.key]: event.target.value })} />}
        </Field>
      ))}
      {/* a number, not words: no capital first letter or corrections on a phone beyond the letters typed */}
      <Field label={ADMIN.vatNumber} error={errors.vatNumber} hint={ADMIN.vatNumberHint}>
        {(control) => <input {...control} autoCapitalize="characters" autoCorrect="off" spellCheck={false} maxLength={30} value={form.vatNumber} onChange={(event) => update({ vatNumber: event.target.value })} />}
      </Field>
    </fieldset>
  );
}
