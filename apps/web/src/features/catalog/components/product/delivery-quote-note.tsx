import { useLocale, useT } from '../../../../lib/i18n';
// "Delivery to Kisumu: Ksh 400 (Standard, 2-3 days)" on the product page (issue 31), for the
// county remembered from the last checkout or picked here. The server paints the box with its
// county picker (it does not know the remembered county, kept in the browser): a box that
// appeared only once the app ran pushed the description down as the page was taken over (a
// layout shift). The quote itself comes after, in room kept for two lines, and the page never
// waits for it.
import { useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatKsh, KENYA_COUNTIES, type County, type DeliveryQuote } from '@soko/contract';
import { Field } from '../../../../components/form/field';
import {
  asCounty,
  readDeliveryCounty,
  rememberDeliveryCounty,
} from '../../../../lib/delivery-county';
import { getDeliveryQuoteQueryOptions } from '../../../../lib/delivery-quote';

const COUNTY_OPTIONS = KENYA_COUNTIES.map((county) => ({ value: county, label: county }));
/** Another tab's checkout may choose a county meanwhile. */
const subscribeToStorage = (changed: () => void) => {
  window.addEventListener('storage', changed);
  return () => window.removeEventListener('storage', changed);
};

export function DeliveryQuoteNote({ productId }: { productId: string }) {
  // Null on the server and while hydrating, so the painted page and the first render agree.
  const remembered = useSyncExternalStore(subscribeToStorage, readDeliveryCounty, () => null);
  const [chosen, setChosen] = useState<County | null>(null);
  const county = chosen ?? remembered;
  const t = useT();
  const quote = useQuery({
    ...getDeliveryQuoteQueryOptions(productId, county ?? 'Nairobi'),
    enabled: county !== null,
  });

  return (
    <section
      aria-label={t('delivery.label')}
      aria-busy={quote.isFetching}
      className="space-y-2 rounded-md border border-stone-200 p-3 text-sm"
    >
      <div aria-live="polite" className="min-h-10">
        {county === null ? (
          <p className="text-stone-700">{t('delivery.chooseToSee')}</p>
        ) : quote.data ? (
          <QuoteText quote={quote.data} />
        ) : quote.isError ? (
          <p className="text-stone-700">{t('delivery.pricedAtCheckout', { county })}</p>
        ) : (
          <p className="text-stone-600">{t('delivery.loading', { county })}</p>
        )}
      </div>
      <Field
        label={t('delivery.county')}
        options={COUNTY_OPTIONS}
        placeholder={t('delivery.chooseCounty')}
        value={county ?? ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const picked = asCounty(event.target.value);
          if (!picked) return;
          setChosen(picked);
          rememberDeliveryCounty(picked);
        }}
        controlClassName="max-w-xs"
      />
    </section>
  );
}

function QuoteText({ quote }: { quote: DeliveryQuote }) {
  const { standard, express } = quote;
  const counters = quote.pickupCounters.length;
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <p className="font-medium text-stone-900">
        {t('delivery.standard', {
          county: quote.county,
          fee: formatKsh(standard.fee, locale),
          days: standard.days ? `, ${standard.days}` : '',
        })}
      </p>
      <p className="text-stone-700">
        {t('delivery.express', {
          fee: formatKsh(express.fee, locale),
          days: express.days ? ` (${express.days})` : '',
        })}
        {quote.freeFrom !== null &&
          t('delivery.freeFrom', { amount: formatKsh(quote.freeFrom, locale) })}
        {counters > 0 &&
          (counters === 1
            ? t('delivery.pickupOne')
            : t('delivery.pickupMany', { count: counters }))}
      </p>
    </>
  );
}
