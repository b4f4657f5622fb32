// /shops/:shopId/receipts (issue 33, decision 047): a month of the shop's receipts and credit notes
// (the current month in Nairobi unless another is picked, kept in the address as ?month=), each
// with where it stands with KRA's eTIMS; one KRA refused shows KRA's code and message and can be
// sent again. The month goes to the accountant as CSV. Reached from the shop's Orders screen.
import { useCallback, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatKsh,
  nairobiDateTimeText,
  nairobiMonth,
  receiptsMonthQuerySchema,
  type Receipt,
  type ReceiptEtims,
} from '@soko/contract';
import { DownloadLink } from '../../../components/download-link';
import { FormAlert } from '../../../components/form/form-messages';
import { focusRing, inputClass, secondaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { receiptPagePath } from '../../receipts';
import { useShops } from '../api/get-shops';
import {
  resendReceiptToEtims,
  shopReceiptsCsvName,
  shopReceiptsCsvPath,
  shopReceiptsKeys,
  useShopReceipts,
} from '../api/shop-receipts';
import { ShopScreen } from './shop-screen';
import { type OwnerKey, type Translate } from '../../../lib/i18n';
import { useOwnerT } from '../../../lib/staff-i18n';

export function ShopReceiptsPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopReceipts key={shopId} shopId={shopId} />;
}

/** What the eTIMS column says of a receipt that is not refused. */
function etimsText(etims: ReceiptEtims, t: Translate<OwnerKey>): string {
  switch (etims.status) {
    case 'off':
      return t('owner.receipts.etims.off');
    case 'pending':
      return t('owner.receipts.etims.pending');
    case 'sent':
      return etims.kraReceiptNumber === null
        ? t('owner.receipts.etims.sent')
        : t('owner.receipts.etims.sentAs', { number: etims.kraReceiptNumber });
    default:
      return t('owner.receipts.etims.refused');
  }
}

/** The toast after Send to KRA again, from the receipt's new eTIMS state. */
function resentText(numberText: string, etims: ReceiptEtims, t: Translate<OwnerKey>): string {
  if (etims.status === 'sent') return t('owner.receipts.resent.accepted', { numberText });
  if (etims.status === 'refused' && etims.refusal) {
    return t('owner.receipts.resent.refused', {
      numberText,
      code: etims.refusal.code,
      message: etims.refusal.message,
    });
  }
  return t('owner.receipts.resent.again', { numberText });
}

function ShopReceipts({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? nairobiMonth(new Date());
  const checked = receiptsMonthQuerySchema.safeParse({ month });
  const monthError = checked.success ? undefined : checked.error.issues[0]?.message;
  const receipts = useShopReceipts(shopId, month, checked.success);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const backHere = `/shops/${encodeURIComponent(shopId)}/receipts?month=${encodeURIComponent(month)}`;

  return (
    <ShopScreen
      id="receipts"
      title={t('owner.receipts.receipts')}
      shopName={shopName}
      width="max-w-5xl"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <label className="block max-w-xs font-medium">
          {t('owner.receipts.month')}
          <input
            type="month"
            className={inputClass}
            value={month}
            aria-invalid={monthError ? true : undefined}
            aria-describedby={monthError ? 'receipts-month-error' : undefined}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('month', event.target.value);
              setParams(next, { replace: true });
            }}
          />
          {monthError && (
            <span id="receipts-month-error" className="mt-1 block text-sm text-red-800">
              {monthError}
            </span>
          )}
        </label>
        {checked.success && (
          <DownloadLink
            href={shopReceiptsCsvPath(shopId, month)}
            fileName={shopReceiptsCsvName(month)}
            className={secondaryButton}
          >
            {t('owner.receipts.downloadCsv')}
          </DownloadLink>
        )}
      </div>

      {!checked.success ? null : receipts.isPending ? (
        <Loading>{t('owner.receipts.loadingTheReceipts')}</Loading>
      ) : receipts.isError ? (
        <LoadFailed onRetry={receipts.refetch}>
          {receipts.error instanceof ApiError && [401, 403].includes(receipts.error.status)
            ? t('owner.receipts.notYours')
            : t('owner.receipts.loadFailed')}
        </LoadFailed>
      ) : receipts.data.length === 0 ? (
        <p className="text-stone-600">{t('owner.receipts.noReceiptsIn', { month })}</p>
      ) : (
        // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={t('owner.receipts.receiptsOf', { month })}
        >
          <table className="w-full min-w-[48rem] border-collapse text-sm">
            <caption className="sr-only">
              {t('owner.receipts.receiptsAndCreditNotesOf', { month })}
            </caption>
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th scope="col" className="px-2 py-2">
                  {t('owner.receipts.number')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('owner.receipts.date')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('owner.receipts.order')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('owner.receipts.buyer')}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t('owner.receipts.vat')}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t('owner.receipts.total')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('owner.receipts.etims')}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipts.data.map((receipt) => (
                <ReceiptRow
                  key={receipt._id}
                  shopId={shopId}
                  month={month}
                  receipt={receipt}
                  backHere={backHere}
                  onResent={setToast}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Toast message={toast} onDone={clearToast} />
    </ShopScreen>
  );
}

function ReceiptRow({
  shopId,
  month,
  receipt,
  backHere,
  onResent,
}: {
  shopId: string;
  month: string;
  receipt: Receipt;
  backHere: string;
  onResent: (text: string) => void;
}) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { etims } = receipt;

  const resend = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await resendReceiptToEtims(shopId, receipt._id);
      queryClient.setQueryData<Receipt[]>(shopReceiptsKeys.month(shopId, month), (rows) =>
        rows?.map((row) => (row._id === receipt._id ? { ...row, etims: answer } : row)),
      );
      onResent(resentText(receipt.numberText, answer, t));
    } catch (caught) {
      setFailure(
        caught instanceof ApiError && caught.status < 500 && caught.status > 0
          ? t('owner.receipts.resendFailedBecause', { message: caught.message })
          : t('owner.receipts.resendFailed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr className="border-b border-stone-200 align-top">
      <th scope="row" className="px-2 py-2 text-left font-normal whitespace-nowrap">
        <Link
          to={receiptPagePath(receipt.orderId, receipt._id)}
          state={{ fromShopReceipts: backHere }}
          className={`font-semibold text-brand-800 underline ${focusRing}`}
        >
          {receipt.numberText}
        </Link>
        {receipt.credits && (
          <span className="block text-xs text-stone-600">
            {t('owner.receipts.cancels', { numberText: receipt.credits.numberText })}
          </span>
        )}
        {receipt.creditedBy && (
          <span className="block text-xs text-stone-600">
            {t('owner.receipts.cancelledBy', { numberText: receipt.creditedBy.numberText })}
          </span>
        )}
      </th>
      <td className="px-2 py-2 whitespace-nowrap">
        <time dateTime={receipt.issuedAt}>{nairobiDateTimeText(receipt.issuedAt)}</time>
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{receipt.orderNumber}</td>
      <td className="px-2 py-2">
        {receipt.buyer.name}
        {receipt.buyer.kraPin && (
          <span className="block text-xs text-stone-600">
            {t('owner.receipts.pin', { kraPin: receipt.buyer.kraPin })}
          </span>
        )}
      </td>
      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
        {formatKsh(receipt.vat)}
      </td>
      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
        {formatKsh(receipt.total)}
      </td>
      <td className="px-2 py-2">
        <span className={etims.status === 'refused' ? 'font-semibold text-red-800' : undefined}>
          {etimsText(etims, t)}
        </span>
        {etims.status === 'pending' && etims.pendingReason && (
          <p className="mt-1 text-xs text-stone-700">{etims.pendingReason}</p>
        )}
        {etims.status === 'refused' && (
          <div className="mt-1 space-y-1">
            {etims.refusal && (
              <p className="text-xs text-stone-700">
                {t('owner.receipts.kraCode', {
                  code: etims.refusal.code,
                  message: etims.refusal.message,
                })}
              </p>
            )}
            <button
              type="button"
              className={`${secondaryButton} px-2 py-1 text-sm`}
              disabled={busy}
              aria-label={t('owner.receipts.sendNumberAgain', { numberText: receipt.numberText })}
              onClick={() => void resend()}
            >
              {busy ? t('owner.receipts.sending') : t('owner.receipts.sendAgain')}
            </button>
            <FormAlert>{failure}</FormAlert>
          </div>
        )}
      </td>
    </tr>
  );
}
