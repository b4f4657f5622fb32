// A shop's delivery (issue 31, decision 035): Standard and Express rates per group of counties,
// the rest of Kenya as the fallback, an optional free-delivery threshold and the shop's own
// pickup counters. Fees are Ksh in the API and integer cents on the server; the rules that
// price a part are here, so the server's checkout and the browser's quote agree.
import { z } from 'zod';
import { optionalText, requiredText, uuidSchema } from './common';
import { toCents } from './money';
import { countySchema, KENYA_COUNTIES, type County } from './counties';
import type { ShippingOption } from './money';

/** No shop charges more than this for one parcel; a typo of a few zeros is refused. */
export const MAX_DELIVERY_FEE_KSH = 100_000;

export const deliveryFeeSchema = z
  .number('Enter an amount in Ksh.')
  .min(0, 'Must not be negative.')
  .max(MAX_DELIVERY_FEE_KSH, `At most Ksh ${MAX_DELIVERY_FEE_KSH.toLocaleString('en-US')}.`)
  .refine((ksh) => Math.abs(ksh * 100 - Math.round(ksh * 100)) < 1e-6, 'At most two decimals.');

/** One delivery option's price and how long it takes, as shoppers read it ("1-2 days"). */
export const deliveryRateSchema = z.strictObject({
  fee: deliveryFeeSchema,
  days: optionalText(40).default(''),
});
export type DeliveryRate = z.output<typeof deliveryRateSchema>;

export const deliveryRatesSchema = z.strictObject({
  standard: deliveryRateSchema,
  express: deliveryRateSchema,
});
export type DeliveryRates = z.output<typeof deliveryRatesSchema>;

/** A group of counties sharing one price (a "Nairobi" group, a "Coast" group). */
export const deliveryZoneSchema = z.strictObject({
  name: requiredText(60),
  counties: z.array(countySchema).min(1, 'Choose at least one county.').max(KENYA_COUNTIES.length),
  ...deliveryRatesSchema.shape,
});
export type DeliveryZone = z.output<typeof deliveryZoneSchema>;

/** The shop's own counter: no street address needed, the buyer's phone is enough. */
export const pickupCounterInputSchema = z.strictObject({
  /** Kept when the owner edits a counter; a new counter gets one from the server. */
  id: uuidSchema.optional(),
  name: requiredText(80),
  address: requiredText(200),
  hours: optionalText(120).default(''),
  fee: deliveryFeeSchema.default(0),
});
export const pickupCounterSchema = pickupCounterInputSchema.extend({ id: uuidSchema });
export type PickupCounter = z.output<typeof pickupCounterSchema>;

// ---------------------------------------------------------------------------------------------
// Agent points (decision 036): pickup at a carrier's agent shop (Pick Up Mtaani), priced by the
// carrier's own quote from the shop's drop-off agent to the shopper's.

export const CARRIERS = ['pickup-mtaani'] as const;
export type CarrierName = (typeof CARRIERS)[number];
/** Each carrier's name as shoppers and owners read it. */
export const CARRIER_LABELS: Record<CarrierName, string> = { 'pickup-mtaani': 'Pick Up Mtaani' };

/** The carrier's agent ids (numbers at Pick Up Mtaani), kept as text. */
export const agentIdSchema = z
  .string('Choose an agent point.')
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Must be a valid agent point.');

/** A shop's agent points: off by default; on, parcels leave from its drop-off agent. */
export const agentSettingsSchema = z
  .strictObject({
    enabled: z.boolean().default(false),
    dropOffAgentId: agentIdSchema.nullable().default(null),
  })
  .refine((agents) => !agents.enabled || agents.dropOffAgentId !== null, {
    path: ['dropOffAgentId'],
    message: 'Choose the agent point your parcels leave from.',
  });
export type AgentSettings = z.output<typeof agentSettingsSchema>;
export const AGENTS_OFF: AgentSettings = { enabled: false, dropOffAgentId: null };

/** One agent point as the checkout lists it. */
export const agentPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The area or town it is in ("Kasarani"). */
  area: z.string(),
  /** The county as the carrier names it ('' when it names none). */
  county: z.string(),
  address: z.string(),
});
export type AgentPoint = z.infer<typeof agentPointSchema>;

/** GET /api/delivery/agents: the carrier's agent points, in one county when named. */
export const agentPointsQuerySchema = z.strictObject({ county: countySchema.optional() });
export const agentPointsResponseSchema = z.object({
  /** False when no carrier is set on this server: the list is then empty. */
  enabled: z.boolean(),
  carrier: z.enum(CARRIERS).nullable(),
  agents: z.array(agentPointSchema),
});
export type AgentPointsResponse = z.infer<typeof agentPointsResponseSchema>;

/** GET /api/delivery/agents/quote: a shop's fee to one agent point, before any threshold. */
export const agentQuoteQuerySchema = z.strictObject({
  shopId: uuidSchema,
  agentId: agentIdSchema,
});
export const agentQuoteSchema = z.object({
  shopId: uuidSchema,
  agent: agentPointSchema,
  /** Ksh. */
  fee: z.number(),
});
export type AgentQuote = z.infer<typeof agentQuoteSchema>;

/**
 * GET /api/property/shop/{shopId}/orders/{orderId}/package: the carrier package of a part sent
 * to an agent point. `queued`: not yet accepted by the carrier (tried again at nextAttemptAt;
 * the parcel can go by hand meanwhile); `created`: the carrier's packageId.
 */
export const carrierPackageStateSchema = z.object({
  carrier: z.enum(CARRIERS),
  status: z.enum(['queued', 'created']),
  packageId: z.string().nullable(),
  /** The carrier's own word for where the parcel is, from its webhooks. */
  trackingState: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type CarrierPackageState = z.infer<typeof carrierPackageStateSchema>;

export const MAX_DELIVERY_ZONES = 20;
export const MAX_PICKUP_COUNTERS = 20;

const deliverySettingsShape = {
  zones: z.array(deliveryZoneSchema).max(MAX_DELIVERY_ZONES).default([]),
  /** Every county no group names. */
  restOfKenya: deliveryRatesSchema,
  /** A part whose lines reach this many Ksh is delivered free; null: never. */
  freeFrom: deliveryFeeSchema.nullable().default(null),
  /** Agent points of the carrier (decision 036); settings saved before it are off. */
  agents: agentSettingsSchema.default(AGENTS_OFF),
};

/** A county in two groups would have two prices: the second mention is the field in error. */
function eachCountyOnce(
  zones: readonly { counties: readonly County[] }[],
  ctx: z.RefinementCtx,
): void {
  const seen = new Map<County, number>();
  zones.forEach((zone, zoneIndex) => {
    zone.counties.forEach((county, countyIndex) => {
      const first = seen.get(county);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['zones', zoneIndex, 'counties', countyIndex],
          message:
            first === zoneIndex
              ? `${county} is listed twice.`
              : `${county} is already in group ${first + 1}.`,
        });
      } else {
        seen.set(county, zoneIndex);
      }
    });
  });
}

/** PUT /api/property/shop/{shopId}/delivery: the whole of a shop's delivery, replaced. */
export const deliverySettingsInputSchema = z
  .strictObject({
    ...deliverySettingsShape,
    pickupCounters: z.array(pickupCounterInputSchema).max(MAX_PICKUP_COUNTERS).default([]),
  })
  .superRefine((settings, ctx) => eachCountyOnce(settings.zones, ctx));
export type DeliverySettingsInput = z.input<typeof deliverySettingsInputSchema>;

export const deliverySettingsSchema = z.strictObject({
  ...deliverySettingsShape,
  pickupCounters: z.array(pickupCounterSchema).max(MAX_PICKUP_COUNTERS).default([]),
});
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;

/** What a shop that has set nothing charges: the spec's Standard Ksh 10 and Express Ksh 20. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  zones: [],
  restOfKenya: { standard: { fee: 10, days: '' }, express: { fee: 20, days: '' } },
  freeFrom: null,
  pickupCounters: [],
  agents: AGENTS_OFF,
};

/** GET and PUT answer: the settings, and whether the shop still has the spec's defaults. */
export const shopDeliveryResponseSchema = deliverySettingsSchema.extend({
  shopId: uuidSchema,
  isDefault: z.boolean(),
});
export type ShopDeliveryResponse = z.infer<typeof shopDeliveryResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Quotes

/** GET /api/delivery/quote: for a product's shop (product page) or a shop (cart). */
export const deliveryQuoteQuerySchema = z
  .strictObject({
    county: countySchema,
    productId: uuidSchema.optional(),
    shopId: uuidSchema.optional(),
  })
  .refine((query) => (query.productId === undefined) !== (query.shopId === undefined), {
    path: ['productId'],
    message: 'Name a product or a shop.',
  });
export type DeliveryQuoteQuery = z.infer<typeof deliveryQuoteQuerySchema>;

export const deliveryQuoteSchema = z.object({
  shopId: uuidSchema,
  /** The shop's name, for the checkout's delivery line of its part. */
  shopName: z.string(),
  /**
   * The shop has set nothing: its Ksh 10 / 20 is the spec's one fee an order, which such shops
   * charge once between them (decision 035), so the checkout must know to count it once.
   */
  isDefault: z.boolean(),
  county: countySchema,
  /** The group the county falls in ('Rest of Kenya' when none names it). */
  zone: z.string(),
  standard: z.object({ fee: z.number(), days: z.string() }),
  express: z.object({ fee: z.number(), days: z.string() }),
  freeFrom: z.number().nullable(),
  pickupCounters: z.array(pickupCounterSchema),
  /** Whether the shop offers pickup at the carrier's agent points (their fees: agents/quote). */
  agentPoints: z.boolean().default(false),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;

export const REST_OF_KENYA = 'Rest of Kenya';

/** The rates that apply to a county: its group's, else the rest of Kenya's. */
export function ratesFor(
  settings: DeliverySettings,
  county: County | null,
): { zone: string; rates: DeliveryRates } {
  const zone = county ? settings.zones.find((each) => each.counties.includes(county)) : undefined;
  return zone
    ? { zone: zone.name, rates: { standard: zone.standard, express: zone.express } }
    : { zone: REST_OF_KENYA, rates: settings.restOfKenya };
}

export function quoteDelivery(
  shop: { shopId: string; shopName: string; isDefault: boolean },
  settings: DeliverySettings,
  county: County,
): DeliveryQuote {
  const { zone, rates } = ratesFor(settings, county);
  return {
    ...shop,
    county,
    zone,
    standard: rates.standard,
    express: rates.express,
    freeFrom: settings.freeFrom,
    pickupCounters: settings.pickupCounters,
    agentPoints: settings.agents.enabled,
  };
}

/** Where one shop's part goes: a county's door, one of the shop's counters, or an agent point. */
export type PartDestination =
  | { kind: 'door'; county: County | null }
  | { kind: 'pickup'; counter: PickupCounter }
  /** `fee`: the carrier's quote in Ksh, asked by the server at checkout. */
  | { kind: 'agent'; agent: AgentPoint; fee: number };

/**
 * One shop part's delivery fee in cents: the counter's fee for a pickup, else the county's
 * rate for the option; nothing when the part's lines reach the shop's free threshold.
 */
export function partDeliveryCents(
  settings: DeliverySettings,
  destination: PartDestination,
  option: ShippingOption,
  partSubtotalCents: number,
): number {
  if (settings.freeFrom !== null && partSubtotalCents >= toCents(settings.freeFrom)) return 0;
  if (destination.kind === 'pickup') return toCents(destination.counter.fee);
  if (destination.kind === 'agent') return toCents(destination.fee);
  return toCents(ratesFor(settings, destination.county).rates[option].fee);
}

/** One part's delivery as the checkout shows it and a changed total's 409 carries it. */
export const partDeliverySchema = z.object({
  shopId: z.string(),
  /** Ksh. */
  fee: z.number(),
  county: z.string().nullable(),
  pickupCounterId: z.string().nullable(),
  /** The carrier's agent point the part is collected at (decision 036), or null. */
  pickupAgentId: z.string().nullable().optional(),
});
export type PartDelivery = z.infer<typeof partDeliverySchema>;

/**
 * A shop part collected at one of the shop's counters (`counterId`) or, when the shop turned
 * agent points on, at a carrier's agent point (`agentId`, decision 036): one of the two.
 */
export const pickupChoiceSchema = z
  .strictObject({
    shopId: uuidSchema,
    counterId: uuidSchema.optional(),
    agentId: agentIdSchema.optional(),
  })
  .refine((choice) => (choice.counterId === undefined) !== (choice.agentId === undefined), {
    path: ['counterId'],
    message: 'Choose a pickup counter or an agent point.',
  });
export type PickupChoice = z.infer<typeof pickupChoiceSchema>;

/** Where an order's part goes, as the shopper's order page and the owner's Orders read it. */
export function partDestinationText(part: {
  deliveryCounty: string | null;
  pickupCounter: {
    name: string;
    address: string;
    hours: string;
    carrier?: CarrierName | undefined;
  } | null;
}): string {
  const counter = part.pickupCounter;
  if (counter?.carrier) {
    return `Pickup at ${counter.name} (${CARRIER_LABELS[counter.carrier]} agent), ${counter.address}`;
  }
  if (counter) {
    return `Pickup at ${counter.name}, ${counter.address}${counter.hours ? ` (open ${counter.hours})` : ''}`;
  }
  return part.deliveryCounty ? `Delivery to ${part.deliveryCounty}` : 'Delivery';
}
