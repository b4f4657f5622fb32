// /orders/:orderId/receipts/:receiptId (issue 33, decision 047): a receipt or credit note as a
// page, for the order's shopper and the shop's owner (who comes from the shop's Receipts screen
// and goes back there), with its PDF to download and a Print button. In the page's language
// (decision 050): its own words in the order page's part, the receipt's from the contract.
import { Link, useLocation, useParams } from 'react-router';
import { receiptPdfFileName } from '@soko/contract';
import { DownloadLink } from '../../../components/download-link';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { receiptPdfPath, useReceipt } from '../api/receipts';
import { ReceiptView } from './receipt-view';

/** Where the back link goes: the shop's Receipts screen when the owner came from it. */
function backLink(state: unknown, orderId: string, t: Translate): { to: string; text: string } {
  const from = (state as { fromShopReceipts?: unknown } | null)?.fromShopReceipts;
  return typeof from === 'string'
    ? { to: from, text: t('orders.backToReceipts') }
    : { to: `/orders/${encodeURIComponent(orderId)}`, text: t('orders.backToOrder') };
}

export function ReceiptPage() {
  const t = useT();
  const { orderId = '', receiptId = '' } = useParams();
  const location = useLocation();
  const receipt = useReceipt(receiptId);
  const back = backLink(location.state, orderId, t);
  const backElement = (
    <Link
      to={back.to}
      className={`font-semibold text-brand-800 underline print:hidden ${focusRing}`}
    >
      {back.text}
    </Link>
  );

  if (receipt.isPending) return <Loading>{t('orders.receiptLoading')}</Loading>;
  if (receipt.isError) {
    const status = receipt.error instanceof ApiError ? receipt.error.status : 0;
    return (
      <section className="mx-auto max-w-3xl space-y-3">
        <h1 className="text-2xl font-bold">{t('orders.receipt')}</h1>
        {status === 401 ? (
          <p role="alert">
            {t('orders.receiptSignIn')}{' '}
            <Link to="/login" className={`font-semibold text-brand-800 underline ${focusRing}`}>
              {t('orders.signIn')}
            </Link>
          </p>
        ) : status === 403 ? (
          <p role="alert">{t('orders.receiptNotYours')}</p>
        ) : status === 404 ? (
          <p role="alert">{t('orders.receiptNotFound')}</p>
        ) : (
          <LoadFailed onRetry={receipt.refetch}>{t('orders.receiptLoadFailed')}</LoadFailed>
        )}
        {backElement}
      </section>
    );
  }

  const { data } = receipt;
  return (
    <article id="receipt" className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <DownloadLink
          href={receiptPdfPath(data._id)}
          fileName={receiptPdfFileName(data.numberText)}
          className={primaryButton}
        >
          {t('orders.downloadPdf')}
        </DownloadLink>
        <button type="button" className={secondaryButton} onClick={() => window.print()}>
          {t('orders.print')}
        </button>
        {backElement}
      </div>
      <ReceiptView receipt={data} />
    </article>
  );
}
