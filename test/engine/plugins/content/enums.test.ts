import { describe, expect, it } from 'vitest';
import {
  BackgroundSource,
  CollectionType,
  FolderBehavior,
  PageType,
  ProductType,
  RecordType,
  codeOf,
  fractionDigitsOf,
  isTrackerEnvironment,
  nameOf,
} from '../../../../engine/plugins/enums.ts';

describe('enumerations', () => {
  it('carries the specified codes', () => {
    expect(ProductType['gift-card']).toBe(4);
    expect(ProductType.paywall).toBe(5);
    expect(RecordType['store-item']).toBe(11);
    expect(RecordType.kbarticle).toBe(54);
    expect(RecordType['course-item']).toBe(63);
    expect(CollectionType['template-page']).toBe(7);
    expect(FolderBehavior.redirect).toBe(2);
    expect(BackgroundSource.none).toBe(4);
    expect(PageType['commerce-email-preview']).toBe(301);
  });

  it('translates names to codes and back', () => {
    expect(codeOf(RecordType, 'image')).toBe(2);
    expect(codeOf(RecordType, 'nope')).toBeUndefined();
    expect(codeOf(RecordType, 'constructor')).toBeUndefined();
    expect(nameOf(RecordType, 14)).toBe('gallery');
    expect(nameOf(CollectionType, 10)).toBe('page');
    expect(nameOf(RecordType, 3)).toBeUndefined();
  });

  it('knows currency fraction digits', () => {
    expect(fractionDigitsOf('JPY')).toBe(0);
    expect(fractionDigitsOf('USD')).toBe(2);
    expect(fractionDigitsOf('XYZ')).toBe(2);
    // ISO 4217: thousandths in the dinars, no minor unit in won; any letter case
    expect(fractionDigitsOf('KWD')).toBe(3);
    expect(fractionDigitsOf('tnd')).toBe(3);
    expect(fractionDigitsOf('KRW')).toBe(0);
    expect(fractionDigitsOf('jpy')).toBe(0);
  });

  it('recognises tracker environments', () => {
    expect(isTrackerEnvironment('qa')).toBe(true);
    expect(isTrackerEnvironment('production')).toBe(false);
  });
});
