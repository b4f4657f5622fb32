// The SMTP conversation, on a thread of its own (email.ts starts it). Each mail takes four
// exchanges with the server, and on the main thread each answer waited its turn behind every
// request the process was serving: with 50 shoppers ordering, mail fell seconds behind however
// many connections it had (BENCHMARKS.md, "Issue 30"). Here the answers are read as they come.
//
// Plain JavaScript, not TypeScript: a thread's entry file is loaded by Node as it is, both from
// the source (tests, `npm run dev`) and beside the bundle (build.mjs copies it to dist/).
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

if (!parentPort) throw new Error('smtp-thread.mjs runs as a worker thread of email.ts');
const port = parentPort;

/** @type {{ smtpUrl: string; poolSize: number }} */
const { smtpUrl, poolSize } = workerData;

const transport = nodemailer.createTransport({
  url: smtpUrl,
  pool: true,
  // The worker's round hands over up to 200 at once; past poolSize they wait in the pool's
  // queue. Each connection carries up to 100 mails.
  maxConnections: poolSize,
  maxMessages: 100,
  // nodemailer waits minutes by default; a worker's claim on a message lasts five.
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
});

port.on('message', (job) => {
  if (job === 'close') {
    transport.close();
    port.close();
    return;
  }
  transport.sendMail(job.mail).then(
    (info) =>
      port.postMessage({
        id: job.id,
        ok: true,
        messageId: info.messageId,
        response: info.response,
      }),
    (error) =>
      port.postMessage({
        id: job.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        code: typeof error?.code === 'string' ? error.code : undefined,
        responseCode: typeof error?.responseCode === 'number' ? error.responseCode : undefined,
      }),
  );
});
