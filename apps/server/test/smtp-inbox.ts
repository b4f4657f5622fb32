// A real SMTP server on loopback (npm smtp-server) that keeps what it is sent, for tests of the
// mail Soko sends. It can refuse recipients for a while, as a mail server that is down or full
// does, to test retries.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The message as sent, headers and all. */
  raw: string;
  /** A header's value (the first of that name), unfolded. */
  header(name: string): string | undefined;
  /** The text body, its transfer encoding undone. */
  text: string;
};

type Refusal = { code: number; message: string; times: number };

/** Undoes quoted-printable (RFC 2045 6.7): soft line breaks and =XX bytes. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
  const encoding = header('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { from, to, raw, header, text };
}

export type SmtpInbox = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Refuses the next `times` recipients with this reply (451: try later; 550: never). */
  refuse(times: number, code: number, message?: string): void;
  /** Mails received to this address so far. */
  mailsTo(address: string): ReceivedMail[];
  /** Waits for the first mail to this address (5 s at most). */
  waitForMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  let refusal: Refusal | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), from, to));
        callback(null, `Queued as mail-${mails.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (address: string) =>
    mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse(times, code, message = code >= 500 ? 'No such mailbox here' : 'Try again later') {
      refusal = { code, message, times };
    },
    mailsTo,
    async waitForMailTo(address, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [mail] = mailsTo(address);
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(`No mail reached ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
