// The order page's "Receipts" (issue 33, decision 047): each receipt and credit note of the order,
// with its page and its PDF. Shown only when the order has any.
import { Link } from 'react-router';
import { formatKsh, receiptPdfFileName, receiptTitle } from '@soko/contract';
import { DownloadLink } from '../../../components/download-link';
import { focusRing } from '../../../components/form-styles';
import { useLocale, useT } from '../../../lib/i18n';
import { receiptPagePath, receiptPdfPath, useOrderReceipts } from '../api/receipts';

const linkClass = `font-semibold text-brand-800 underline ${focusRing}`;

export function OrderReceipts({
  orderId,
  settled,
  version,
}: {
  orderId: string;
  /** False while the order waits for its payment: no receipt can exist yet. */
  settled: boolean;
  version: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { data: receipts } = useOrderReceipts(orderId, settled, version);
  // Nothing to show while loading, on a failure (the order page stands without it) or with none.
  if (!receipts || receipts.length === 0) return null;
  return (
    <section aria-labelledby="order-receipts" className="mt-6">
      <h2 id="order-receipts" className="text-lg font-semibold">
        {t('orders.receipts')}
      </h2>
      <ul className="mt-2 space-y-2">
        {receipts.map((receipt) => (
          <li
            key={receipt._id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded border border-stone-200 p-3"
          >
            <span>
              <span className="block font-medium">{receiptTitle(receipt, locale)}</span>
              <span className="block text-sm text-stone-700">
                {`${receipt.seller.name}: ${formatKsh(receipt.total, locale)}`}
              </span>
            </span>
            <span className="flex flex-wrap gap-x-4">
              <Link
                to={receiptPagePath(orderId, receipt._id)}
                aria-label={t('orders.viewReceiptOf', { number: receipt.numberText })}
                className={linkClass}
              >
                {t('orders.viewReceipt')}
              </Link>
              <DownloadLink
                href={receiptPdfPath(receipt._id)}
                fileName={receiptPdfFileName(receipt.numberText)}
                label={t('orders.downloadPdfOf', { number: receipt.numberText })}
              >
                {t('orders.downloadPdf')}
              </DownloadLink>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
