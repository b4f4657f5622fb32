// Email over SMTP with nodemailer (DESIGN.md, "Messages"). Connections are pooled: a few stay
// open and carry message after message (a connection per message, with its greeting and
// goodbye, held the outbox under 200 mails a second; bench/messages.mjs, BENCHMARKS.md). A
// connection the server closed is dropped from the pool and the next message dials again.
import nodemailer from 'nodemailer';
import type { Channel, OutgoingMessage, SendReceipt } from './channels';
import { SendRefused } from './channels';

type SmtpError = Error & { code?: unknown; responseCode?: unknown };

/**
 * A 5xx answer to the envelope or the message itself is the server's final word on it (RFC 5321
 * 4.2.1: "permanent negative completion"); a 4xx, a lost connection or a failed login may pass.
 */
export function isFinalSmtpRefusal(error: SmtpError): boolean {
  const code = typeof error.responseCode === 'number' ? error.responseCode : 0;
  return code >= 500 && code < 600 && (error.code === 'EENVELOPE' || error.code === 'EMESSAGE');
}

export function smtpChannel(smtpUrl: string, from: string, poolSize: number): Channel {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    // The worker's round hands over up to 100 at once; past poolSize they wait in the pool's
    // queue. Each connection carries up to 100 mails.
    maxConnections: poolSize,
    maxMessages: 100,
    // nodemailer waits minutes by default; a worker's claim on a message lasts five.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = from.split('@')[1] ?? 'localhost';
  return {
    async send(message: OutgoingMessage): Promise<SendReceipt> {
      try {
        const info = await transport.sendMail({
          from: { name: message.senderName, address: from },
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          // One Message-ID per outbox row: a copy that did go out twice reads as one message.
          messageId: `<${message.id}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated', ...message.headers },
        });
        return { providerId: info.messageId, providerStatus: info.response };
      } catch (caught) {
        const error = caught as SmtpError;
        throw new SendRefused(error.message, isFinalSmtpRefusal(error));
      }
    },
    close: () => transport.close(),
  };
}
