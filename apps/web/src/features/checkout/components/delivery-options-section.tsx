// Each shop's part and how it reaches the shopper (issue 31): delivered to the county chosen
// (its fee and time), or, where the shop has counters, collected at one of them instead, or,
// where the shop offers them, at one of the carrier's agent points in the county (decision 036).
import { CARRIER_LABELS, formatKsh, fromCents, toCents, type County } from '@soko/contract';
import { useLocale, useT } from '../../../lib/i18n';
import { checkoutText } from '../checkout-text';
import type { DeliveryLine } from '../delivery-lines';
import type { CheckoutDelivery } from '../use-checkout-delivery';

/** A fee in the page's language: 'Free', or the amount. */
function useFeeText() {
  const t = useT();
  const locale = useLocale();
  return (cents: number, free: boolean) =>
    free ? t('checkout.free') : formatKsh(fromCents(cents), locale);
}

export function DeliveryOptionsSection({
  delivery,
  county,
}: {
  delivery: CheckoutDelivery;
  county: County | null;
}) {
  const t = useT();
  return (
    <section aria-labelledby="checkout-delivery-options" aria-busy={delivery.loading}>
      <h2 id="checkout-delivery-options" className="text-lg font-semibold">
        {t('checkout.deliveryPerShop')}
      </h2>
      {!county ? (
        <p className="mt-2 text-sm text-stone-700">{t('checkout.chooseCountyFirst')}</p>
      ) : delivery.failed ? (
        // Not an alert: nothing is wrong with the order yet (the server prices it, and says so
        // if an item is gone), and the checkout's own alert must stay the one read out.
        <p className="mt-2 text-sm text-stone-700">{t('checkout.deliveryPricesFailed')}</p>
      ) : !delivery.lines ? (
        <p role="status" className="mt-2 text-sm text-stone-700">
          {t('checkout.loadingDeliveryPrices')}
        </p>
      ) : (
        <ul className="mt-2 space-y-3">
          {delivery.lines.map((line) => (
            <li key={line.shopId} className="rounded-md border border-stone-200 p-3">
              {line.counters.length === 0 && !(line.agentPoints && delivery.agentPoints) ? (
                <DoorOnly line={line} county={county} />
              ) : (
                <PartChoice line={line} county={county} delivery={delivery} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DoorOnly({ line, county }: { line: DeliveryLine; county: County }) {
  const t = useT();
  const feeText = useFeeText();
  return (
    <p className="text-sm">
      <span className="font-semibold">{line.shopName}</span>
      {t('checkout.deliveredTo', { county, fee: feeText(line.deliveryCents, line.free) })}
      {line.days ? ` (${line.days})` : ''}
    </p>
  );
}

function PartChoice({
  line,
  county,
  delivery,
}: {
  line: DeliveryLine;
  county: County;
  delivery: CheckoutDelivery;
}) {
  const t = useT();
  const feeText = useFeeText();
  const name = `part-${line.shopId}`;
  const chosen = line.counter?.id ?? (line.agentId ? AGENT_CHOICE : '');
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{line.shopName}</legend>
      <div className="mt-1 space-y-2 text-sm">
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name={name}
            value=""
            checked={chosen === ''}
            onChange={() => delivery.choosePickup(line.shopId, null)}
            className="mt-1 size-4 accent-brand-800"
          />
          <span>
            {t('checkout.deliverTo', { county, fee: feeText(line.doorCents, line.free) })}
            {line.days ? ` (${line.days})` : ''}
          </span>
        </label>
        {line.counters.map((counter) => (
          <label key={counter.id} className="flex items-start gap-2">
            <input
              type="radio"
              name={name}
              value={counter.id}
              checked={chosen === counter.id}
              onChange={() =>
                delivery.choosePickup(line.shopId, { kind: 'counter', id: counter.id })
              }
              className="mt-1 size-4 accent-brand-800"
            />
            <span>
              {t('checkout.pickUpAt', {
                name: counter.name,
                fee: feeText(toCents(counter.fee), line.free),
              })}
              <span className="block text-stone-600">
                {counter.address}
                {counter.hours ? t('checkout.openHours', { hours: counter.hours }) : ''}
              </span>
            </span>
          </label>
        ))}
        {line.agentPoints && delivery.agentPoints && (
          <AgentChoice line={line} county={county} delivery={delivery} name={name} />
        )}
      </div>
    </fieldset>
  );
}

/** The radio's value for "at an agent point" (a counter's value is its id, a uuid). */
const AGENT_CHOICE = 'agent';

/** Pickup at one of the carrier's agent points in the county, priced by the carrier. */
function AgentChoice({
  line,
  county,
  delivery,
  name,
}: {
  line: DeliveryLine;
  county: County;
  delivery: CheckoutDelivery;
  name: string;
}) {
  const t = useT();
  const feeText = useFeeText();
  const list = delivery.agentPoints;
  if (!list) return null;
  const carrier = list.carrier ? CARRIER_LABELS[list.carrier] : null;
  const [first] = list.points;
  const feeError = delivery.agentFeeErrors[line.shopId];
  const chosen = list.points.find((point) => point.id === line.agentId);
  const selectId = `${name}-agent`;
  const note = list.loading
    ? t('checkout.loadingAgents')
    : list.failed
      ? t('checkout.agentsFailed')
      : !first
        ? carrier
          ? t('checkout.noCarrierAgents', { carrier, county })
          : t('checkout.noAgents', { county })
        : null;
  return (
    <div>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name={name}
          value={AGENT_CHOICE}
          checked={line.agentId !== null}
          disabled={!first}
          onChange={() =>
            first && delivery.choosePickup(line.shopId, { kind: 'agent', id: first.id })
          }
          className="mt-1 size-4 accent-brand-800"
        />
        <span>
          {carrier ? t('checkout.pickUpAtCarrierAgent', { carrier }) : t('checkout.pickUpAtAgent')}
          {note && <span className="block text-stone-600">{note}</span>}
        </span>
      </label>
      {line.agentId !== null && first && (
        <div className="mt-2 ml-6 space-y-1">
          <label htmlFor={selectId} className="block font-medium">
            {t('checkout.agentPoint')}
          </label>
          <select
            id={selectId}
            value={line.agentId}
            onChange={(event) =>
              delivery.choosePickup(line.shopId, { kind: 'agent', id: event.target.value })
            }
            className="w-full rounded-md border border-stone-300 px-2 py-2"
          >
            {list.points.map((point) => (
              <option key={point.id} value={point.id}>
                {point.area ? `${point.name}, ${point.area}` : point.name}
              </option>
            ))}
          </select>
          {chosen?.address && <p className="text-stone-600">{chosen.address}</p>}
          <p aria-live="polite">
            {feeError ? (
              <span className="text-red-800">{checkoutText(feeError, t)}</span>
            ) : line.agentPending ? (
              t('checkout.askingCarrier')
            ) : (
              t('checkout.fee', { fee: feeText(line.deliveryCents, line.free) })
            )}
          </p>
        </div>
      )}
    </div>
  );
}
