// This process's outbox: the channels its settings make, the worker that sends through them, and
// what other modules call to send a message.
import type { AppContext, App } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import type { Channels } from './channels';
import { smtpChannel } from './email';
import { unsubscribeKey } from '../consents';
import { enqueueMarketing, type MarketingMessage, type MarketingQueued } from './marketing';
import { createMessageWorker, enqueueMessage, type NewMessage } from './outbox';
import { runMessageWorker } from './runner';

export type Outbox = {
  /** Writes the message in the caller's transaction; call wake() once it has committed. */
  enqueue(tx: Db | Tx, message: NewMessage): Promise<string>;
  /**
   * Writes a marketing message for everyone (of `to`) with live consent, each with its way out
   * (decision 033); call wake() once it has committed.
   */
  enqueueMarketing(tx: Db | Tx, message: MarketingMessage): Promise<MarketingQueued>;
  /** Sends what is due now rather than at the next poll. */
  wake(): void;
};

export function channelsFrom(config: AppContext['config']): Channels {
  return config.email ? { email: smtpChannel(config.email.smtpUrl, config.email.from) } : {};
}

export function startOutbox(app: App, ctx: AppContext): Outbox {
  const channels = channelsFrom(ctx.config);
  if (!ctx.config.jwtSecret) throw new Error('No server secret to sign unsubscribe links with');
  const marketing = { channels, unsubscribeKey: unsubscribeKey(ctx.config.jwtSecret) };
  const worker = createMessageWorker(ctx.db, channels, {
    onError: (error, messageId) =>
      app.log.warn({ err: error, messageId }, 'a message was not sent; it is retried later'),
  });
  const runner = runMessageWorker(app, worker);
  app.addHook('onClose', async () => {
    await runner.stop();
    for (const channel of Object.values(channels)) channel.close();
  });
  return {
    enqueue: (tx, message) => enqueueMessage(tx, message, channels),
    enqueueMarketing: (tx, message) => enqueueMarketing(tx, message, marketing),
    wake: runner.wake,
  };
}
