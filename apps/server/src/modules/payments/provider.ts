// What every payment provider offers the shop: start a payment on the provider's hosted page,
// and say, when asked, what really happened to it. Notifications never carry the truth by
// themselves (Pesapal's IPN has no status at all): the shop always asks `getStatus`.
import { PAYMENT_STATUS, type PaymentProviderName } from '@soko/contract';

/** Our payment states; they only ever move up: pending < failed < completed < reversed. */
export type PaymentState = 'pending' | 'completed' | 'failed' | 'reversed';

/** Pesapal's status codes (GetTransactionStatus `status_code`), which the live channel passes on. */
export const STATUS_CODE_OF: Record<PaymentState, number> = {
  pending: 0,
  completed: PAYMENT_STATUS.COMPLETED,
  failed: PAYMENT_STATUS.FAILED,
  reversed: PAYMENT_STATUS.REVERSED,
};

/** The state a status code means; 0 (INVALID) and anything unknown are not final. */
export function stateOfStatusCode(code: number): PaymentState {
  if (code === PAYMENT_STATUS.COMPLETED) return 'completed';
  if (code === PAYMENT_STATUS.FAILED) return 'failed';
  if (code === PAYMENT_STATUS.REVERSED) return 'reversed';
  return 'pending';
}

export type ProviderStatus = {
  state: PaymentState;
  /** 0 INVALID (not final) · 1 COMPLETED · 2 FAILED · 3 REVERSED */
  statusCode: number;
  /** CARD, MPESA, ...; '' while unknown. */
  paymentMethod: string;
  /**
   * What the provider says was paid, in Ksh; null when its status answer carries no amount
   * (Daraja's STK query), and the amount a notification reported is checked instead.
   */
  amountKsh: number | null;
  currency: string;
  confirmationCode: string | null;
  /**
   * Our reference as the provider echoes it; null when the provider echoes none (Daraja): its
   * own id for the payment, which we were given for this payment only, binds it instead.
   */
  merchantReference: string | null;
  description: string;
  /** The provider's whole answer, kept with the payment. */
  raw: Record<string, unknown>;
};

export type BillingDetails = {
  email: string;
  /** +2547XXXXXXXX */
  phoneNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** ISO 3166 alpha-2, 'KE'. */
  countryCode: string;
  line1: string;
  city: string;
  /** The county. */
  state: string;
  postalCode: string;
};

export type StartPaymentInput = {
  /** Ours and unique per attempt: [A-Za-z0-9-], at most 50 characters (the payment's id). */
  merchantReference: string;
  amountKsh: number;
  currency: 'KES';
  /** At most 100 characters. */
  description: string;
  /** Where the provider sends the shopper's browser when done. */
  callbackUrl: string;
  cancellationUrl: string;
  billing: BillingDetails;
  /** The number the PIN prompt goes to (M-Pesa), 2547XXXXXXXX; the billing phone if unset. */
  payerPhone?: string | undefined;
  /** The order number people read out (shown on the M-Pesa prompt). */
  orderNumber?: string | undefined;
};

export type StartedPayment = {
  /** The provider's id for this payment (Pesapal's order_tracking_id). */
  trackingId: string;
  /** The provider's hosted payment page; '' when there is none (M-Pesa prompts the phone). */
  redirectUrl: string;
};

export type RefundRequest = {
  /** The payment's tracking id at the provider. */
  trackingId: string;
  amountKsh: number;
  /** Who asks (Pesapal wants a name). */
  username: string;
  remarks: string;
};

/**
 * `completed`: the money is on its way back; `requested`: the provider took the request and
 * will decide (Pesapal's merchant approval); `refused`: it will not, and `message` says why.
 */
export type RefundAnswer = { status: 'completed' | 'requested' | 'refused'; message: string };

export type ProviderName = PaymentProviderName;

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Called once before the server takes requests (Pesapal registers its IPN URL here). Throws
   * when the provider cannot be used, so a misconfigured shop never takes orders it cannot bill.
   */
  start(): Promise<void>;
  submitOrder(input: StartPaymentInput): Promise<StartedPayment>;
  /** The provider's truth about a payment; throws when the provider cannot be reached. */
  getStatus(trackingId: string): Promise<ProviderStatus>;
  /** Asks for money of a completed payment back; throws ProviderError when it cannot be asked. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

/** A provider could not be reached or refused a call; nothing was changed on our side. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
