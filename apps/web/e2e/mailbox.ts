// A real SMTP server on loopback for the run (npm smtp-server), which the e2e server sends its
// mail to (SMTP_URL); each mail is kept as a file, so journeys in any worker can read it. Like a
// real mail server it refuses addresses it has no mailbox for: here, any address that starts with
// `refused-` (550, final), so a journey can make a message fail for real.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Addresses the run's mail server refuses for good (550), as one with no such mailbox does. */
export const REFUSED_PREFIX = 'refused-';

export async function startMailbox(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().startsWith(REFUSED_PREFIX)) {
        return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const file = path.join(dir, `${String(++count).padStart(5, '0')}.eml`);
        writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a mail as sent: soft line breaks and =XX bytes of quoted-printable undone. */
function readable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Waits for the first mail to `address` in the run's mailbox (the first that `wanted` accepts,
 * when given), and answers its decoded text.
 */
export async function mailTo(
  address: string,
  timeoutMs = 15_000,
  wanted: (mail: string) => boolean = () => true,
): Promise<string> {
  const dir = process.env.SOKO_E2E_MAIL_DIR;
  if (!dir) throw new Error('SOKO_E2E_MAIL_DIR is unset: global-setup.ts starts the mailbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(dir).sort()) {
      const raw = readFileSync(path.join(dir, name), 'utf8');
      const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '';
      if (!to.toLowerCase().split(',').includes(address.toLowerCase())) continue;
      const mail = readable(raw);
      if (wanted(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail reached ${address} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A header of a mail answered by mailTo, unfolded (a long one is sent on several lines). */
export function mailHeader(mail: string, name: string): string | undefined {
  const [head = ''] = mail.split(/\r?\n\r?\n/, 1);
  const unfolded = head.replace(/\r?\n(?=[ \t])/g, '');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
