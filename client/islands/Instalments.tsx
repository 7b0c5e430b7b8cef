/**
 * The instalment message on physical products (and physical-only carts) and
 * its information modal. Brand by shopper locale; in range above the minimum
 * and not above the maximum, otherwise the out-of-range text. The modal's
 * content is a page of this store's own client build.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../components/Modal.tsx';
import { CLIENT_ASSET_BASE } from '../lib/asset-base.ts';
import { INSTALMENTS, instalmentInRangeText, instalmentModalBody, instalmentOutOfRangeText } from '../lib/messages.ts';
import { formatMoney, type MoneyFormat } from '../lib/money.ts';
import {
  INSTALMENT_COUNT, PHYSICAL_PRODUCT_TYPE, instalmentAmountCents, instalmentBrand, instalmentModalFile, isInInstalmentRange,
} from '../lib/instalments.ts';
import { reportError } from '../lib/error-reporting.ts';

export interface InstalmentsProps {
  priceCents: number;
  currency: string;
  /** Shopper locale, language_COUNTRY (e.g. en_US). */
  locale: string;
  minCents: number;
  maxCents: number;
  /** The product's type; carts pass 1 when every item is physical. */
  productType: number;
  available?: boolean;
  /** The hidden variant keeps its place in the page but shows nothing. */
  hidden?: boolean;
  count?: number;
  /** The store's money format (the server's pages write money the same way). */
  moneyFormat?: MoneyFormat | null;
}

export default function Instalments(props: InstalmentsProps) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<string | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const brand = instalmentBrand(props.locale);
  const count = props.count ?? INSTALMENT_COUNT;

  useEffect(() => {
    if (!open || content !== null || !brand) return;
    let current = true;
    fetch(CLIENT_ASSET_BASE + instalmentModalFile(brand, props.locale))
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        const html = await response.text();
        if (current) setContent(html);
      })
      .catch((error: unknown) => {
        // Failing to fetch the modal content is a warning only; the built-in text stays.
        console.warn(INSTALMENTS.modalTitle, error);
        try {
          reportError(error);
        } catch {
          // reporting must never break the modal
        }
      });
    return () => {
      current = false;
    };
  }, [open, content, brand, props.locale]);

  if (props.available === false || !brand || props.productType !== PHYSICAL_PRODUCT_TYPE) return null;
  if (props.hidden) return <div className="instalment-message" hidden />;
  const inRange = isInInstalmentRange(props.priceCents, props.minCents, props.maxCents);
  const money = (cents: number): string => formatMoney(cents, props.currency, props.moneyFormat);
  const text = inRange
    ? instalmentInRangeText(count, money(instalmentAmountCents(props.priceCents, count)), brand)
    : instalmentOutOfRangeText(brand, money(props.minCents), money(props.maxCents));
  return (
    <div className={inRange ? 'instalment-message is-in-range' : 'instalment-message is-out-of-range'} data-brand={brand}>
      <span className="instalment-message__text">{text}</span>{' '}
      <button ref={triggerRef} type="button" className="instalment-message__info" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="info-icon" aria-hidden="true">i</span><span className="visually-hidden">{INSTALMENTS.modalTitle}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`${brand}: ${INSTALMENTS.modalTitle}`} className="instalment-modal">
        {content !== null ? (
          <div className="instalment-modal__content" dangerouslySetInnerHTML={{ __html: content }} />
        ) : (
          <ol className="instalment-modal__content">
            {instalmentModalBody(count, brand).map((line) => <li key={line}>{line}</li>)}
          </ol>
        )}
      </Modal>
    </div>
  );
}
