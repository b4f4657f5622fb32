// Each shop's part and how it reaches the shopper (issue 31): delivered to the county chosen
// (its fee and time), or, where the shop has counters, collected at one of them instead, or,
// where the shop offers them, at one of the carrier's agent points in the county (decision 036).
import { CARRIER_LABELS, formatKsh, fromCents, toCents, type County } from '@soko/contract';
import type { DeliveryLine } from '../delivery-lines';
import type { CheckoutDelivery } from '../use-checkout-delivery';

const feeText = (cents: number, free: boolean) => (free ? 'Free' : formatKsh(fromCents(cents)));

export function DeliveryOptionsSection({
  delivery,
  county,
}: {
  delivery: CheckoutDelivery;
  county: County | null;
}) {
  return (
    <section aria-labelledby="checkout-delivery-options" aria-busy={delivery.loading}>
      <h2 id="checkout-delivery-options" className="text-lg font-semibold">
        Delivery per shop
      </h2>
      {!county ? (
        <p className="mt-2 text-sm text-stone-700">
          Choose a county above to see what each shop charges to deliver there.
        </p>
      ) : delivery.failed ? (
        // Not an alert: nothing is wrong with the order yet (the server prices it, and says so
        // if an item is gone), and the checkout's own alert must stay the one read out.
        <p className="mt-2 text-sm text-stone-700">
          Delivery prices could not be loaded. The shops price delivery when you place the order.
        </p>
      ) : !delivery.lines ? (
        <p role="status" className="mt-2 text-sm text-stone-700">
          Loading delivery prices...
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
  return (
    <p className="text-sm">
      <span className="font-semibold">{line.shopName}</span>: delivered to {county},{' '}
      {feeText(line.deliveryCents, line.free)}
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
            Deliver to {county}: {feeText(line.doorCents, line.free)}
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
              Pick up at {counter.name}: {feeText(toCents(counter.fee), line.free)}
              <span className="block text-stone-600">
                {counter.address}
                {counter.hours ? `, open ${counter.hours}` : ''}
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
  const list = delivery.agentPoints;
  if (!list) return null;
  const carrier = list.carrier ? CARRIER_LABELS[list.carrier] : null;
  const [first] = list.points;
  const feeError = delivery.agentFeeErrors[line.shopId];
  const chosen = list.points.find((point) => point.id === line.agentId);
  const selectId = `${name}-agent`;
  const note = list.loading
    ? 'Loading agent points...'
    : list.failed
      ? 'Agent points cannot be listed just now.'
      : !first
        ? `No ${carrier ? `${carrier} ` : ''}agent points in ${county}.`
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
          Pick up at {carrier ? `a ${carrier}` : 'an'} agent point
          {note && <span className="block text-stone-600">{note}</span>}
        </span>
      </label>
      {line.agentId !== null && first && (
        <div className="mt-2 ml-6 space-y-1">
          <label htmlFor={selectId} className="block font-medium">
            Agent point
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
              <span className="text-red-800">{feeError}</span>
            ) : line.agentPending ? (
              'Asking the carrier for its fee...'
            ) : (
              `Fee: ${feeText(line.deliveryCents, line.free)}`
            )}
          </p>
        </div>
      )}
    </div>
  );
}
