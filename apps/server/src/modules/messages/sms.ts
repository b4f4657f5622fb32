// SMS through Africa's Talking (DESIGN.md "Messages"; reference/messages.md; decision 031).
// One POST per message to {base}/version1/messaging, form-encoded, with the account's apiKey.
// The answer's per-recipient statusCode says what happened: 100-102 taken, 405 (no balance)
// and 5xx worth another try, any other 4xx the provider's final word on that number.
import type { Channel, OutgoingMessage, SendReceipt } from './channels';
import { SendRefused } from './channels';

export type AfricasTalkingSettings = {
  username: string;
  apiKey: string;
  senderId: string | undefined;
  baseUrl: string;
};

/** A worker's claim on a message lasts five minutes; a send must end well within it. */
const SEND_TIMEOUT_MS = 15_000;

const TAKEN = new Set([100, 101, 102]);

/** Whether a per-recipient status code is worth another try (405 InsufficientBalance, 5xx). */
export const isRetryableSmsStatus = (code: number): boolean =>
  code === 405 || (code >= 500 && code < 600);

type Recipient = { statusCode?: unknown; number?: unknown; status?: unknown; messageId?: unknown };

function recipientOf(answer: unknown): Recipient | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const data = (answer as { SMSMessageData?: unknown }).SMSMessageData;
  if (typeof data !== 'object' || data === null) return undefined;
  const recipients = (data as { Recipients?: unknown }).Recipients;
  if (!Array.isArray(recipients)) return undefined;
  const [first] = recipients as unknown[];
  return typeof first === 'object' && first !== null ? (first as Recipient) : undefined;
}

function messageOf(answer: unknown): string {
  if (typeof answer !== 'object' || answer === null) return '';
  const data = (answer as { SMSMessageData?: { Message?: unknown } }).SMSMessageData;
  return typeof data?.Message === 'string' ? data.Message : '';
}

/** Requests to Africa's Talking in flight at once: the worker's round hands over up to 200. */
const IN_FLIGHT = 10;

/** Runs tasks at most `max` at a time, the rest in the order they came. */
export function limited(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its place straight to the next waiting one, so none slips past.
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export function africasTalkingChannel(settings: AfricasTalkingSettings): Channel {
  const url = `${settings.baseUrl}/version1/messaging`;
  const inTurn = limited(IN_FLIGHT);
  return {
    send: (message) => inTurn(() => sendOne(message)),
    close() {},
  };

  async function sendOne(message: OutgoingMessage): Promise<SendReceipt> {
    // SMS have no subject: the body is the whole text.
    const form = new URLSearchParams({
      username: settings.username,
      to: message.recipient,
      message: message.body,
    });
    if (settings.senderId) form.set('from', settings.senderId);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          apiKey: settings.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      // Refused, reset, timed out: the provider never said no, so it is tried again.
      const cause = (error as Error & { cause?: { message?: string } }).cause?.message;
      throw new SendRefused(
        `Africa's Talking could not be reached: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
        false,
      );
    }
    const text = await response.text().catch(() => '');
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    const recipient = recipientOf(answer);
    if (!response.ok || !recipient) {
      // A wrong key (401) or a body it did not take stays wrong until someone changes a
      // setting; those and 5xx are retried for the day, as the admin can fix them meanwhile.
      throw new SendRefused(
        `Africa's Talking answered HTTP ${response.status}: ${(messageOf(answer) || text).slice(0, 300)}`,
        false,
      );
    }
    const code = typeof recipient.statusCode === 'number' ? recipient.statusCode : Number.NaN;
    const status = typeof recipient.status === 'string' ? recipient.status : 'Unknown';
    if (TAKEN.has(code) && typeof recipient.messageId === 'string' && recipient.messageId) {
      return { providerId: recipient.messageId, providerStatus: `${code} ${status}` };
    }
    const final =
      Number.isInteger(code) && code >= 400 && code < 500 && !isRetryableSmsStatus(code);
    throw new SendRefused(`Africa's Talking refused the SMS: ${code} ${status}`, final);
  }
}
