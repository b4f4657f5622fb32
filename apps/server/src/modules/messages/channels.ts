// How a message leaves: one channel per way of sending. A channel answers the provider's id and
// status, or throws SendRefused saying whether trying again could help.
import type { MessageChannel } from '@soko/contract';

export type OutgoingMessage = {
  id: string;
  channel: MessageChannel;
  recipient: string;
  senderName: string;
  subject: string;
  body: string;
  /** Extra mail headers; other channels ignore them. */
  headers: Record<string, string>;
};

export type SendReceipt = { providerId: string; providerStatus: string };

export class SendRefused extends Error {
  constructor(
    message: string,
    /** A refusal that will not change (an address the server does not have): not retried. */
    readonly final: boolean,
  ) {
    super(message);
  }
}

export type Channel = {
  send(message: OutgoingMessage): Promise<SendReceipt>;
  close(): void;
};

export type Channels = Partial<Record<MessageChannel, Channel>>;
