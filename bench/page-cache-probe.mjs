// Loaded into the server under test (`node --import ./bench/page-cache-probe.mjs`): answers
// SIGUSR2 with one line on stdout, the response cache's size as it last reported it on its
// diagnostics channel (platform/cache.ts CACHE_SIZE_CHANNEL) and the process's memory.
import diagnosticsChannel from 'node:diagnostics_channel';

let size = { entries: 0, bytes: 0 };
diagnosticsChannel.subscribe('soko:response-cache:size', (message) => {
  size = message;
});
process.on('SIGUSR2', () => {
  const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(`page-cache-probe ${JSON.stringify({ ...size, rss, heapUsed })}\n`);
});
