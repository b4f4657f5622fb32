// Pick Up Mtaani behind the carrier interface (decision 036). Its official documentation is
// behind the merchant account; the paths and shapes here follow the community SDK
// (github.com/billmalea/pickup-mtaani, reference/delivery-tax.md): REST with an `apiKey` header,
// `{data: ...}` answers, agent-to-agent packages with `on_delivery_balance`, and webhooks
// `package.created`, `package.state_changed`, `package.delivered`. Every answer is checked with
// a schema before use: a carrier that answers something else is treated as unavailable.
//
// The SDK names no signature or event id for webhooks; ours (decision 036) are an HMAC-SHA256 of
// the raw body with the shared secret, hex, in `X-PickupMtaani-Signature`, and the body's `id`
// (else a hash of the body: a replay is the same bytes). Tested against test/fake-pickup-mtaani.ts.
import type { AgentPoint } from '@soko/contract';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  CarrierError,
  type AgentPackageInput,
  type Carrier,
  type CarrierEvent,
  type CarrierPackage,
} from './carrier';

export const PICKUP_MTAANI_SIGNATURE_HEADER = 'x-pickupmtaani-signature';
/** Long enough for a slow mobile-network API, short enough that a checkout never hangs on it. */
const DEFAULT_TIMEOUT_MS = 5_000;

const idSchema = z.union([z.string().min(1).max(60), z.number().int()]).transform(String);

const agentsAnswer = z.object({
  data: z.array(
    z.object({
      id: idSchema,
      business_name: z.string(),
      location: z.object({ name: z.string(), county: z.string().default('') }).optional(),
      address: z.string().default(''),
    }),
  ),
});
const priceAnswer = z.object({ data: z.object({ price: z.number().nonnegative() }) });
const packageAnswer = z.object({ data: z.object({ id: idSchema, state: z.string() }) });

const webhookSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  event_type: z.string(),
  data: z.object({ package_id: idSchema, state: z.string().default('') }),
});

const KINDS: Record<string, CarrierEvent['kind']> = {
  'package.created': 'created',
  'package.state_changed': 'state_changed',
  'package.updated': 'state_changed',
  'package.delivered': 'delivered',
  'package.cancelled': 'cancelled',
};

/** 07XXXXXXXX, as the SDK's examples send it (we keep +2547XXXXXXXX). */
const localPhone = (phone: string) => phone.replace(/^\+?254/, '0');

export type PickupMtaaniSettings = {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string | undefined;
  timeoutMs?: number;
};

export function createPickupMtaani(settings: PickupMtaaniSettings): Carrier {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(
    schema: z.ZodType<T>,
    path: string,
    init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          apiKey: settings.apiKey,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CarrierError(
        `Pick Up Mtaani could not be reached: ${(error as Error).message}`,
        'unavailable',
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status === 404) throw new CarrierError('Pick Up Mtaani: not found.', 'not_found');
    if (response.status >= 500 || response.status === 429 || response.status === 401) {
      // A wrong key is ours to fix, not the shopper's: it reads as the carrier being down.
      throw new CarrierError(`Pick Up Mtaani answered ${response.status}.`, 'unavailable');
    }
    if (!response.ok) {
      throw new CarrierError(
        `Pick Up Mtaani refused: ${response.status} ${text.slice(0, 200)}`,
        'refused',
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CarrierError('Pick Up Mtaani answered something other than JSON.', 'unavailable');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new CarrierError('Pick Up Mtaani answered an unexpected shape.', 'unavailable');
    }
    return parsed.data;
  }

  const price = async (path: string): Promise<number> => (await call(priceAnswer, path)).data.price;

  return {
    name: 'pickup-mtaani',
    async listAgents(): Promise<AgentPoint[]> {
      const answer = await call(agentsAnswer, '/agents');
      return answer.data.map((agent) => ({
        id: agent.id,
        name: agent.business_name,
        area: agent.location?.name ?? '',
        county: agent.location?.county ?? '',
        address: agent.address,
      }));
    },
    quoteAgentToAgent: (from, to) =>
      price(
        `/delivery-charge/agent-package?${new URLSearchParams({ senderAgentID: from, receiverAgentID: to })}`,
      ),
    quoteToDoor: (from, destination) =>
      price(
        `/delivery-charge/doorstep-package?${new URLSearchParams({ senderAgentID: from, doorstepDestinationID: destination })}`,
      ),
    async createAgentPackage(input: AgentPackageInput): Promise<CarrierPackage> {
      const answer = await call(packageAnswer, '/packages/agent-agent', {
        method: 'POST',
        // Whether Pick Up Mtaani honours it is not documented publicly: our one row per part
        // (carrier_packages) is what guarantees one call per part; the key covers a call that
        // timed out after the carrier had made the package.
        headers: { 'idempotency-key': input.idempotencyKey },
        body: {
          senderAgentId: input.fromAgentId,
          receiverAgentId: input.toAgentId,
          packageValue: input.valueKsh,
          customerName: input.customerName,
          packageName: input.packageName,
          customerPhoneNumber: localPhone(input.customerPhone),
          paymentOption: 'vendor',
          on_delivery_balance: input.collectKsh,
        },
      });
      return { packageId: answer.data.id, state: answer.data.state };
    },
    async track(packageId: string): Promise<CarrierPackage> {
      const answer = await call(
        packageAnswer,
        `/packages/agent-agent?${new URLSearchParams({ id: packageId })}`,
      );
      return { packageId: answer.data.id, state: answer.data.state };
    },
    verifyWebhook(rawBody, signature) {
      // No secret set: nothing can be verified, so nothing is taken (fail closed).
      if (!settings.webhookSecret || !signature) return false;
      const given = Buffer.from(signature.trim().replace(/^sha256=/i, ''), 'utf8');
      const expected = Buffer.from(
        createHmac('sha256', settings.webhookSecret).update(rawBody).digest('hex'),
        'utf8',
      );
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    parseWebhook(rawBody) {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) return null;
      const { id, event_type: type, data } = parsed.data;
      return {
        eventId: id ?? createHash('sha256').update(rawBody).digest('hex'),
        kind: KINDS[type] ?? 'other',
        packageId: data.package_id,
        state: type === 'package.delivered' && !data.state ? 'delivered' : data.state,
      };
    },
  };
}
