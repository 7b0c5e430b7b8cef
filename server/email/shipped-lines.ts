/**
 * The lines of a shipping notice: what is in the parcel, and apart what the post does not bring
 * (a download, whose link came with the order's confirmation; a gift card, emailed to its
 * recipient; a service), each with why, so a shopper is not told a PDF is on its way by post.
 */
import { PRODUCT_TYPE } from '../commerce/pricing.ts';

interface SoldLine { productName: string; variantLabel: string; quantity: number; productType: number }

/** A line as the notice's templates name it. */
interface NoticeLine { productName: string; variantLabel: string; quantity: number }

/** A line not in the parcel, with the flag the templates say why by. */
export interface ApartLine extends NoticeLine { download: boolean; giftCard: boolean; service: boolean }

export function shippedLines(lines: readonly SoldLine[]): { parcel: NoticeLine[]; apart: ApartLine[] } {
  const named = (line: SoldLine): NoticeLine => ({ productName: line.productName, variantLabel: line.variantLabel, quantity: line.quantity });
  const apartTypes: readonly number[] = [PRODUCT_TYPE.DIGITAL, PRODUCT_TYPE.GIFT_CARD, PRODUCT_TYPE.SERVICE];
  return {
    parcel: lines.filter((line) => !apartTypes.includes(line.productType)).map(named),
    apart: lines.filter((line) => apartTypes.includes(line.productType)).map((line) => ({
      ...named(line),
      download: line.productType === PRODUCT_TYPE.DIGITAL,
      giftCard: line.productType === PRODUCT_TYPE.GIFT_CARD,
      service: line.productType === PRODUCT_TYPE.SERVICE,
    })),
  };
}
