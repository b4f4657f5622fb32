// The built server, with V8's sampling profiler for a benchmark that wants to know where the
// server's CPU went (bench/messages.mjs). NODE_OPTIONS may not carry --cpu-prof, and a profile of
// the whole life would count the start, so the profiler runs through the inspector from one
// SIGUSR2 to the next, which writes it to BENCH_PROFILE_FILE.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const target = process.env.BENCH_PROFILE_FILE;
if (!target) throw new Error('BENCH_PROFILE_FILE names where the profile goes');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
// One sample every half millisecond: enough for shares of a 10 s run, light on the server.
session.post('Profiler.setSamplingInterval', { interval: 500 });
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    session.post('Profiler.start');
    running = true;
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) throw error;
    writeFileSync(target, JSON.stringify(result.profile));
  });
});
const entry = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
await import(pathToFileURL(path.resolve(entry)).href);
