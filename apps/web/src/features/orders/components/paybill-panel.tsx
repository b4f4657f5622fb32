import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatKsh, mpesaCodeSchema } from '@soko/contract';
import { alertClass, primaryButton } from '../../../components/form-styles';
import { Field } from '../../../components/form/field';
import { ApiError } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { getOrderQueryOptions } from '../api/get-order';
import { useClaimPaybill, usePaybill } from '../api/pay-by-paybill';

/**
 * When the PIN prompt did not work (decision 042): the shopper pays the order from the M-Pesa
 * menu to the marketplace's Paybill (or Till), then types the code of M-Pesa's message here. The
 * server checks it with M-Pesa before the order is paid; this shows the check as it goes.
 */
export function PaybillPanel({ orderId }: { orderId: string }) {
  const t = useT();
  const locale = useLocale();
  const { data } = usePaybill(orderId, true);
  const claimCode = useClaimPaybill(orderId);
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const state = data?.claim?.state;

  // Accepted (seen by the poll): the order has moved to paid.
  useEffect(() => {
    if (state === 'accepted') {
      void queryClient.invalidateQueries({
        queryKey: getOrderQueryOptions(orderId).queryKey,
        exact: true,
      });
    }
  }, [state, orderId, queryClient]);

  if (!data) return null;
  if (state === 'accepted') {
    return (
      <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 font-medium text-brand-900">
        {t('orders.paybill.paid')}
      </p>
    );
  }
  if (!data.offered) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mpesaCodeSchema.safeParse(code);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message && problemText(message, t));
      return;
    }
    setError(undefined);
    claimCode.mutate(
      { orderId, code: parsed.data },
      {
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? problemText(failure.message, t)
              : t('orders.paybill.tryAgain'),
          ),
      },
    );
  };
  const checking = state === 'checking' || claimCode.isPending;
  const till = data.kind === 'till';

  return (
    <section
      aria-labelledby="paybill-heading"
      className="mt-6 rounded-md border border-stone-200 p-4"
    >
      <h2 id="paybill-heading" className="text-lg font-semibold">
        {till ? t('orders.paybill.tillHeading') : t('orders.paybill.heading')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('orders.paybill.noPrompt')}</p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-800">
        <li>{till ? t('orders.paybill.stepTill') : t('orders.paybill.stepPaybill')}</li>
        <li>{t('orders.paybill.stepDetails')}</li>
        <li>{t('orders.paybill.stepCode')}</li>
      </ol>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-stone-600">
          {till ? t('orders.paybill.tillNumber') : t('orders.paybill.businessNumber')}
        </dt>
        <dd className="font-semibold tabular-nums">{data.businessNumber}</dd>
        {data.accountNumber && (
          <>
            <dt className="font-medium text-stone-600">{t('orders.paybill.accountNumber')}</dt>
            <dd className="font-semibold">{data.accountNumber}</dd>
          </>
        )}
        <dt className="font-medium text-stone-600">{t('orders.paybill.amount')}</dt>
        <dd className="font-semibold tabular-nums">{formatKsh(data.amount ?? 0, locale)}</dd>
      </dl>
      <form onSubmit={submit} noValidate className="mt-3">
        <Field
          label={t('orders.paybill.code')}
          name="mpesaCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setCode(event.target.value)}
          error={error}
          announceError
          action={
            <button type="submit" disabled={checking} className={primaryButton}>
              {checking ? t('orders.paybill.checking') : t('orders.paybill.checkCode')}
            </button>
          }
        />
      </form>
      <div role="status" className="mt-2">
        {state === 'checking' && (
          <p className="font-medium text-stone-800">{t('orders.paybill.checkingWithMpesa')}</p>
        )}
      </div>
      {state === 'refused' && data.claim?.reason && (
        <p role="alert" className={`mt-2 ${alertClass}`}>
          {problemText(data.claim.reason, t)}
        </p>
      )}
    </section>
  );
}
