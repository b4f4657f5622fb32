// What a carrier with agent points offers the shop (decision 036): its agent points, a fee
// quote, a package for a part, and where a package is. Pick Up Mtaani is the first
// (pickup-mtaani.ts); another carrier is another adapter behind this same interface.
import type { AgentPoint, CarrierName } from '@soko/contract';

/** One shop part's parcel, from the shop's drop-off agent to the shopper's agent point. */
export type AgentPackageInput = {
  /** Ours, stable for the part (its id): a repeated call must not make a second package. */
  idempotencyKey: string;
  fromAgentId: string;
  toAgentId: string;
  customerName: string;
  /** +2547XXXXXXXX */
  customerPhone: string;
  /** What the parcel holds, as the agent reads it ("Order SK-123"). */
  packageName: string;
  /** Ksh: what the goods are worth. */
  valueKsh: number;
  /** Ksh the agent collects from the shopper (pay on delivery), else 0. */
  collectKsh: number;
};

export type CarrierPackage = {
  packageId: string;
  /** The carrier's own word for where it is (request, in_transit, delivered...). */
  state: string;
};

/** What a verified webhook says happened to a package. */
export type CarrierEvent = {
  /** Unique per event: a replay carries the same one. */
  eventId: string;
  kind: 'created' | 'state_changed' | 'delivered' | 'cancelled' | 'other';
  packageId: string;
  state: string;
};

export interface Carrier {
  readonly name: CarrierName;
  listAgents(): Promise<AgentPoint[]>;
  /** Ksh, from one agent to another. */
  quoteAgentToAgent(fromAgentId: string, toAgentId: string): Promise<number>;
  /** Ksh, from an agent to a door (the carrier's doorstep destination). */
  quoteToDoor(fromAgentId: string, destinationId: string): Promise<number>;
  createAgentPackage(input: AgentPackageInput): Promise<CarrierPackage>;
  track(packageId: string): Promise<CarrierPackage>;
  /** True only when the signature is the carrier's over exactly these bytes. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  /** A verified body as an event; null when it is not one this carrier sends. */
  parseWebhook(rawBody: Buffer): CarrierEvent | null;
}

/**
 * A call that did not give an answer to use. `unavailable`: the carrier could not be reached,
 * timed out or failed (try again later); `not_found`: it knows no such agent or package;
 * `refused`: it turned the request down.
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'not_found' | 'refused',
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

const AGENTS_FOR_MS = 10 * 60_000;
const QUOTES_FOR_MS = 10 * 60_000;
const MAX_QUOTES_KEPT = 10_000;

/**
 * The carrier with its agent list and quotes kept for ten minutes: the checkout asks for both
 * on every order with an agent pickup, and the carrier's answers change rarely. A failed call is
 * not kept, so the next one asks again.
 */
export function withCache(carrier: Carrier): Carrier & { agent(id: string): Promise<AgentPoint> } {
  let agents: { at: number; list: Promise<AgentPoint[]> } | null = null;
  const quotes = new Map<string, { at: number; fee: Promise<number> }>();
  const listAgents = (): Promise<AgentPoint[]> => {
    if (agents && Date.now() - agents.at < AGENTS_FOR_MS) return agents.list;
    const list = carrier.listAgents();
    const entry = { at: Date.now(), list };
    agents = entry;
    list.catch(() => {
      if (agents === entry) agents = null;
    });
    return list;
  };
  const quote = (key: string, ask: () => Promise<number>): Promise<number> => {
    const hit = quotes.get(key);
    if (hit && Date.now() - hit.at < QUOTES_FOR_MS) return hit.fee;
    if (quotes.size >= MAX_QUOTES_KEPT) quotes.clear();
    const fee = ask();
    quotes.set(key, { at: Date.now(), fee });
    fee.catch(() => quotes.delete(key));
    return fee;
  };
  return {
    name: carrier.name,
    listAgents,
    async agent(id) {
      const found = (await listAgents()).find((each) => each.id === id);
      if (!found) throw new CarrierError(`No agent point ${id}.`, 'not_found');
      return found;
    },
    quoteAgentToAgent: (from, to) =>
      quote(`a:${from}:${to}`, () => carrier.quoteAgentToAgent(from, to)),
    quoteToDoor: (from, to) => quote(`d:${from}:${to}`, () => carrier.quoteToDoor(from, to)),
    createAgentPackage: (input) => carrier.createAgentPackage(input),
    track: (packageId) => carrier.track(packageId),
    verifyWebhook: (raw, signature) => carrier.verifyWebhook(raw, signature),
    parseWebhook: (raw) => carrier.parseWebhook(raw),
  };
}

export type CachedCarrier = ReturnType<typeof withCache>;
