// The loopback SMTP server of bench/messages.mjs, in a process of its own (npm smtp-server), so
// that its answers do not wait behind the bench's fifty shoppers on one event loop: a mail
// server is another machine's work, not the shop's. It tells its parent (over the fork's IPC)
// its address once listening, then each mail: its Message-ID, recipients, subject and arrival
// (milliseconds since the epoch, as performance.timeOrigin + performance.now()).
import { SMTPServer } from 'smtp-server';

/** Undoes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 1024 * 1024,
  maxClients: 1000,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      const header = (name) =>
        head
          .split('\r\n')
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      process.send?.({
        type: 'mail',
        id: header('message-id') ?? null,
        recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        subject: decodeWords(header('subject') ?? ''),
        at,
      });
      callback(null, 'Queued');
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: server.server.address().port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
