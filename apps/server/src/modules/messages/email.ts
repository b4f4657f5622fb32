// Email over SMTP with nodemailer (DESIGN.md, "Messages"), spoken on a thread of its own
// (smtp-thread.mjs says why). Connections are pooled there: several stay open and carry message
// after message (a connection per message, with its greeting and goodbye, held the outbox under
// 200 mails a second; bench/messages.mjs, BENCHMARKS.md). A connection the server closed is
// dropped from the pool and the next message dials again; a thread that died is started again
// by the next message, and the messages it held are retried by the outbox.
import { Worker } from 'node:worker_threads';
import type { Channel, OutgoingMessage, SendReceipt } from './channels';
import { SendRefused } from './channels';

type SmtpError = { code?: unknown; responseCode?: unknown };

/**
 * A 5xx answer to the envelope or the message itself is the server's final word on it (RFC 5321
 * 4.2.1: "permanent negative completion"); a 4xx, a lost connection or a failed login may pass.
 */
export function isFinalSmtpRefusal(error: SmtpError): boolean {
  const code = typeof error.responseCode === 'number' ? error.responseCode : 0;
  return code >= 500 && code < 600 && (error.code === 'EENVELOPE' || error.code === 'EMESSAGE');
}

/** What the thread answers for each mail. */
type Answer =
  | { id: number; ok: true; messageId: string; response: string }
  | { id: number; ok: false; message: string; code?: string; responseCode?: number };

type Waiting = { resolve: (receipt: SendReceipt) => void; reject: (error: SendRefused) => void };

const THREAD = new URL('./smtp-thread.mjs', import.meta.url);

export function smtpChannel(smtpUrl: string, from: string, poolSize: number): Channel {
  const domain = from.split('@')[1] ?? 'localhost';
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  let thread: Worker | undefined;

  const failAll = (reason: string) => {
    for (const [id, { reject }] of waiting) {
      waiting.delete(id);
      reject(new SendRefused(reason, false));
    }
  };

  function started(): Worker {
    if (thread) return thread;
    const started = new Worker(THREAD, { workerData: { smtpUrl, poolSize } });
    // An idle mail thread must not keep a finished process alive.
    started.unref();
    started.on('message', (answer: Answer) => {
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (answer.ok) {
        entry.resolve({ providerId: answer.messageId, providerStatus: answer.response });
      } else {
        entry.reject(new SendRefused(answer.message, isFinalSmtpRefusal(answer)));
      }
    });
    started.on('error', (error) => failAll(`The mail thread failed: ${error.message}`));
    started.on('exit', () => {
      if (thread === started) thread = undefined;
      failAll('The mail thread stopped');
    });
    thread = started;
    return started;
  }

  return {
    send(message: OutgoingMessage): Promise<SendReceipt> {
      const id = nextId++;
      const mail = {
        from: { name: message.senderName, address: from },
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        // One Message-ID per outbox row: a copy that did go out twice reads as one message.
        messageId: `<${message.id}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated', ...message.headers },
      };
      return new Promise<SendReceipt>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        started().postMessage({ id, mail });
      });
    },
    close() {
      // The thread says goodbye on its connections and ends; the process need not wait for it.
      thread?.postMessage('close');
      thread = undefined;
    },
  };
}
