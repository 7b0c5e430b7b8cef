import { nameOf, RecordType } from '../../engine/plugins/enums.ts';

/**
 * An item's record type as the platform gives it: the code and its label (`text`, `image`,
 * `store-item`…), which `{@|item-classes}` writes as `post-type-LABEL` and templates' styles select.
 */
export function recordTypeOf(code: number): { recordType: number; recordTypeLabel?: string } {
  const label = nameOf(RecordType, code);
  return label === undefined ? { recordType: code } : { recordType: code, recordTypeLabel: label };
}
