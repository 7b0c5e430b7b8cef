/**
 * An order's Items table on its screen: each line's product (with a digital line's delivery and the
 * line's own extra-field answers under it, so two lines of one SKU show which is which), variant,
 * SKU, quantity (with the units refunds of part of the order took back beside it, so the owner does
 * not send them) and unit price. On a phone each line is a card (`admin-table--cards`, as the Orders
 * list), one cell a line with its column's name, so a long name or note has the card's width.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { CardTableHead } from '../CardTableHead.tsx';
import { TableRegion } from '../TableRegion.tsx';

/**
 * A line as bought: the variant and billing interval in the shopper's words (empty when none); its
 * item id, whether it takes stock, how many units refunds took and its extra-field answers in
 * words (absent from an older server).
 */
export interface OrderLine {
  sku: string; productName: string; variantLabel?: string; billingInterval?: string; quantity: number; unitPriceCents: number;
  itemId?: string; takesStock?: boolean; refundedQuantity?: number;
  answers?: ReadonlyArray<{ label: string; value: string }>;
}

/** A digital line's delivery: whether its file was sent, and what is left of its link. */
export interface LineDownloadState {
  itemId: string; delivered: boolean; downloadsLeft: number; downloadsAllowed: number; expiresOn: number | null; refunded?: boolean;
  /** The order was cancelled or refunded: every link of it stopped. */
  orderClosed?: 'cancelled' | 'refunded' | null;
}

/**
 * Under a digital line's name: whether its file was delivered, and how many downloads its link has
 * left (read-only). `emailed`: the buyer's confirmation email, which carries the link, was sent.
 */
function LineDownload({ download, emailed }: { download: LineDownloadState | undefined; emailed: boolean }) {
  if (!download) return null;
  const text = !download.delivered
    ? ADMIN.orderDownloadNone
    : download.orderClosed ? ADMIN.orderDownloadOrderClosed(download.orderClosed)
    : download.refunded === true ? ADMIN.orderDownloadRefunded
    : download.expiresOn !== null && download.expiresOn <= Date.now() ? ADMIN.orderDownloadExpired(download.downloadsLeft, download.downloadsAllowed, emailed) : ADMIN.orderDownloadDelivered(download.downloadsLeft, download.downloadsAllowed, emailed);
  return <><br /><small className="order-line-download">{text}</small></>;
}

/** Under a line's name: its answers to its product's extra-field form, one to a line (`Initials: AE`). */
function LineAnswers({ answers }: { answers: OrderLine['answers'] }) {
  if (!answers || answers.length === 0) return null;
  return <>{answers.map((answer, index) => <span key={index}><br /><small className="order-line-answer">{ADMIN.lineAnswer(answer.label, answer.value)}</small></span>)}</>;
}

/** Which variant a line is, in words ("Size: L, Color: White · Billed every month"); SKUs of made products say nothing. */
export function variantText(line: OrderLine): string {
  return [line.variantLabel, line.billingInterval].filter(Boolean).join(' · ');
}

/** The quantity bought, and beside it what refunds took back of it ("3 · 1 refunded"). */
function QuantityCell({ line }: { line: OrderLine }) {
  const refunded = line.refundedQuantity ?? 0;
  // one element: a card's cell is a grid whose items are its label and its one value
  return <span>{line.quantity}{refunded > 0 ? <> · <strong className="admin-line-refunded">{ADMIN.lineRefunded(refunded)}</strong></> : null}</span>;
}

export function OrderLines({ lines, downloads, emailed, money }: { lines: readonly OrderLine[]; downloads: readonly LineDownloadState[] | undefined; emailed: boolean; money: (cents: number) => string }) {
  return (
    <TableRegion label={ADMIN.lines}>
      {/* the roles are said outright: a table drawn as cards (display: block) stays a table to screen readers */}
      <table role="table" className="admin-table admin-table--cards admin-order-lines">
        <caption>{ADMIN.lines}</caption>
        <CardTableHead columns={[ADMIN.inventoryProduct, ADMIN.variant, ADMIN.sku, ADMIN.quantity, ADMIN.unitPrice]} />
        <tbody role="rowgroup">
          {lines.map((line, index) => (
            <tr role="row" key={line.itemId ?? index}>
              <td role="cell" data-label={ADMIN.inventoryProduct}><span>{line.productName}<LineDownload download={downloads?.find((entry) => entry.itemId === line.itemId)} emailed={emailed} /><LineAnswers answers={line.answers} /></span></td>
              <td role="cell" data-label={ADMIN.variant}>{variantText(line)}</td>
              <td role="cell" data-label={ADMIN.sku}>{line.sku}</td>
              <td role="cell" data-label={ADMIN.quantity}><QuantityCell line={line} /></td>
              <td role="cell" data-label={ADMIN.unitPrice}>{money(line.unitPriceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
