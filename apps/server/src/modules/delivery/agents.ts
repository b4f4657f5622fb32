// Agent points for the checkout and the owner's settings (decision 036): a shop's fee to an
// agent point is the carrier's quote from the shop's drop-off agent; what a failed carrier call
// means to the caller is decided here once.
import { PROBLEM_TEXTS } from '@soko/contract';
import { AppError } from '../../platform/errors';
import { CarrierError, type CachedCarrier } from './carrier';

export const carrierUnavailable = () =>
  new AppError(503, 'carrier_unavailable', PROBLEM_TEXTS.agentsUnreachable);

const DOWN_MESSAGE = PROBLEM_TEXTS.agentsDown;

/**
 * A failed carrier call as the caller's answer: a field error on what it named; the carrier
 * down is a 503, or (at checkout, `downAsField`) a field error too, so the shopper can choose
 * another delivery and the order still goes through.
 */
export function carrierRefusal(
  error: unknown,
  field: string,
  message: string,
  downAsField = false,
): never {
  const fieldError = (text: string) =>
    new AppError(400, 'validation_failed', text, { fields: { [field]: text } });
  if (error instanceof CarrierError && error.kind !== 'unavailable') throw fieldError(message);
  if (error instanceof CarrierError)
    throw downAsField ? fieldError(DOWN_MESSAGE) : carrierUnavailable();
  throw error;
}

/** Turning agent points on needs a carrier, and a drop-off agent it knows (when it answers). */
export async function checkAgentSettings(
  carrier: CachedCarrier | undefined,
  agents: { enabled?: boolean | undefined; dropOffAgentId?: string | null | undefined } | undefined,
): Promise<void> {
  if (!agents?.enabled) return;
  if (!carrier) {
    const message = 'Agent points are not available on this marketplace.';
    throw new AppError(400, 'validation_failed', message, {
      fields: { 'agents.enabled': message },
    });
  }
  if (!agents.dropOffAgentId) return;
  // A carrier that is down does not stop the owner saving: the checkout asks it again.
  await carrier.agent(agents.dropOffAgentId).catch((error: unknown) => {
    if (error instanceof CarrierError && error.kind === 'not_found') {
      const message = 'The carrier has no such agent point.';
      throw new AppError(400, 'validation_failed', message, {
        fields: { 'agents.dropOffAgentId': message },
      });
    }
  });
}

/**
 * A shop's fee to an agent point: the carrier's quote from the shop's drop-off agent. Refused
 * with a field error (on `field`) when the shop does not offer agent points or the carrier knows
 * no such agent; 503 when the carrier cannot be reached (the caller decides what that means).
 */
export async function quoteAgent(
  carrier: CachedCarrier | undefined,
  agents: { enabled: boolean; dropOffAgentId: string | null },
  agentId: string,
  field: string,
  { downAsField = false }: { downAsField?: boolean } = {},
) {
  if (!carrier || !agents.enabled || !agents.dropOffAgentId) {
    const message = PROBLEM_TEXTS.noAgentPickup;
    throw new AppError(400, 'validation_failed', message, { fields: { [field]: message } });
  }
  const from = agents.dropOffAgentId;
  try {
    const [agent, fee] = await Promise.all([
      carrier.agent(agentId),
      carrier.quoteAgentToAgent(from, agentId),
    ]);
    return { agent, fee, carrier: carrier.name };
  } catch (error) {
    return carrierRefusal(error, field, PROBLEM_TEXTS.noSuchAgent, downAsField);
  }
}
