// A receipt or credit note laid out as its PDF is (decision 047): the seller, the title, the buyer
// and payment, the lines and VAT per rate as tables, the totals, and KRA's block with its QR. The
// texts come from the contract's receipt-print.ts, which the PDF uses too, in the page's language
// (decision 050: the PDF is in the order's).
import {
  etimsNote,
  formatKsh,
  nairobiDateTimeText,
  RECEIPT_WORDS,
  receiptPaymentText,
  receiptTitle,
  taxTypeText,
  type Locale,
  type Receipt,
} from '@soko/contract';
import { useLocale } from '../../../lib/i18n';
import { qrDrawing } from '../qr-path';

const cell = 'px-2 py-1.5 align-top';
const numberCell = `${cell} text-right tabular-nums whitespace-nowrap`;
const headCell = 'px-2 py-1.5 font-semibold';

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const locale = useLocale();
  const words = RECEIPT_WORDS[locale];
  const ksh = (amount: number) => formatKsh(amount, locale);
  const { seller, buyer } = receipt;
  const discounted = receipt.lines.some((line) => line.discount !== 0);
  const discount = receipt.lines.reduce((sum, line) => sum + line.discount, 0);
  const sellerLines = [
    seller.kraPin ? `${words.kraPin}: ${seller.kraPin}` : null,
    seller.address,
    [seller.phone, seller.email].filter(Boolean).join(' · ') || null,
    seller.vatRegistered ? null : words.notVatRegistered,
  ].filter((line): line is string => Boolean(line));

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap justify-between gap-4">
        <div>
          <p className="text-xl font-bold text-stone-900">{seller.name}</p>
          {sellerLines.map((line) => (
            <p key={line} className="text-sm text-stone-600">
              {line}
            </p>
          ))}
        </div>
        <div className="sm:text-right">
          <h1 className="text-xl font-bold text-stone-900">{receiptTitle(receipt, locale)}</h1>
          <p className="text-sm">
            {`${words.date}: `}
            <time dateTime={receipt.issuedAt}>{nairobiDateTimeText(receipt.issuedAt, locale)}</time>
            {` ${words.nairobi}`}
          </p>
          <p className="text-sm">{`${words.order}: ${receipt.orderNumber}`}</p>
          {receipt.creditedBy && (
            <p className="text-sm font-medium text-amber-900">
              {words.cancelledBy(receipt.creditedBy.numberText)}
            </p>
          )}
        </div>
      </header>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-stone-600">{words.soldTo}</dt>
        <dd>{buyer.name}</dd>
        {buyer.kraPin && (
          <>
            <dt className="font-medium text-stone-600">{words.buyerKraPin}</dt>
            <dd>{buyer.kraPin}</dd>
          </>
        )}
        <dt className="font-medium text-stone-600">{words.payment}</dt>
        <dd>{receiptPaymentText(receipt.payment, locale)}</dd>
      </dl>

      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={words.items}>
        <table className="w-full min-w-[34rem] border-collapse text-sm">
          <caption className="pb-2 text-left text-lg font-semibold text-stone-900">
            {words.items}
          </caption>
          <thead>
            <tr className="border-b border-stone-300 text-left">
              <th scope="col" className={`${headCell} text-right`}>
                {words.qty}
              </th>
              <th scope="col" className={headCell}>
                {words.item}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {words.unitPrice}
              </th>
              {discounted && (
                <th scope="col" className={`${headCell} text-right`}>
                  {words.discount}
                </th>
              )}
              <th scope="col" className={`${headCell} text-right`}>
                {words.amount}
              </th>
              <th scope="col" className={headCell}>
                {words.tax}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, index) => (
              <tr key={`${line.itemCode}:${index}`} className="border-b border-stone-200">
                <td className={numberCell}>{line.quantity}</td>
                <th scope="row" className={`${cell} text-left font-normal`}>
                  {line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name}
                </th>
                <td className={numberCell}>{ksh(line.unitPrice)}</td>
                {discounted && (
                  <td className={numberCell}>{line.discount === 0 ? '' : ksh(-line.discount)}</td>
                )}
                <td className={numberCell}>{ksh(line.amount)}</td>
                <td className={`${cell} whitespace-nowrap`}>{taxTypeText(line.taxType, locale)}</td>
              </tr>
            ))}
            {receipt.delivery && (
              <tr className="border-b border-stone-200">
                <td className={numberCell} />
                <th scope="row" className={`${cell} text-left font-normal`}>
                  {words.delivery}
                </th>
                <td className={numberCell} />
                {discounted && <td className={numberCell} />}
                <td className={numberCell}>{ksh(receipt.delivery.amount)}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {taxTypeText(receipt.delivery.taxType, locale)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {discounted && (
          <p className="mt-1 text-sm text-stone-600">{words.discountNote(ksh(-discount))}</p>
        )}
      </div>

      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={words.vatPerRate}>
        <table className="w-full min-w-[26rem] border-collapse text-sm">
          <caption className="pb-2 text-left text-lg font-semibold text-stone-900">
            {words.vatPerRate}
          </caption>
          <thead>
            <tr className="border-b border-stone-300 text-left">
              <th scope="col" className={headCell}>
                {words.taxType}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {words.amount}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {words.taxable}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {words.vat}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.rates.map((rate) => (
              <tr key={rate.taxType} className="border-b border-stone-200">
                <th scope="row" className={`${cell} text-left font-normal`}>
                  {taxTypeText(rate.taxType, locale)}
                </th>
                <td className={numberCell}>{ksh(rate.amount)}</td>
                <td className={numberCell}>{ksh(rate.taxable)}</td>
                <td className={numberCell}>{ksh(rate.vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{words.taxable}</dt>
        <dd className="text-right tabular-nums">{ksh(receipt.taxable)}</dd>
        <dt>{words.vat}</dt>
        <dd className="text-right tabular-nums">{ksh(receipt.vat)}</dd>
        <dt className="text-lg font-bold">{words.total}</dt>
        <dd className="text-right text-lg font-bold tabular-nums">{ksh(receipt.total)}</dd>
      </dl>

      <EtimsBlock receipt={receipt} locale={locale} />
    </div>
  );
}

function EtimsBlock({ receipt, locale }: { receipt: Receipt; locale: Locale }) {
  const { etims } = receipt;
  const words = RECEIPT_WORDS[locale];
  const note = etimsNote(etims.status, locale);
  return (
    <section aria-labelledby="receipt-etims" className="space-y-2">
      <h2 id="receipt-etims" className="text-lg font-semibold">
        {words.etims}
      </h2>
      {note ? (
        <p className="text-sm text-stone-600">{note}</p>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm break-all">
            {etims.kraReceiptNumber !== null && (
              <>
                <dt className="font-medium text-stone-600">{words.kraReceiptNumber}</dt>
                <dd>
                  {etims.kraReceiptNumber}
                  {etims.kraTotalReceiptNumber !== null &&
                    ` ${words.totalReceiptNumber(etims.kraTotalReceiptNumber)}`}
                </dd>
              </>
            )}
            {etims.internalData && (
              <>
                <dt className="font-medium text-stone-600">{words.internalData}</dt>
                <dd>{etims.internalData}</dd>
              </>
            )}
            {etims.signature && (
              <>
                <dt className="font-medium text-stone-600">{words.signature}</dt>
                <dd>{etims.signature}</dd>
              </>
            )}
            {etims.sdcId && (
              <>
                <dt className="font-medium text-stone-600">{words.scuId}</dt>
                <dd>{etims.sdcId}</dd>
              </>
            )}
            {etims.mrcNo && (
              <>
                <dt className="font-medium text-stone-600">{words.mrcNumber}</dt>
                <dd>{etims.mrcNo}</dd>
              </>
            )}
            {etims.signedAt && (
              <>
                <dt className="font-medium text-stone-600">{words.signed}</dt>
                <dd>{`${nairobiDateTimeText(etims.signedAt, locale)} ${words.nairobi}`}</dd>
              </>
            )}
          </dl>
          {etims.qrData && <ReceiptQr data={etims.qrData} label={words.qrLabel} />}
        </div>
      )}
    </section>
  );
}

function ReceiptQr({ data, label }: { data: string; label: string }) {
  const { size, path } = qrDrawing(data);
  const quiet = 2;
  const side = size + 2 * quiet;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
      className="size-36 shrink-0 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
