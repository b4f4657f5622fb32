// An answer sent before the request's body was read to its end (401/403 before an upload is
// read, 413 or 415 part way through one) leaves the rest of the body on the connection. Unread,
// it stalls the connection: the client's next request on it (a browser reuses keep-alive
// connections) is never read and times out (issue 28).
//
// The rest is read and dropped, so the connection serves the next request; closing at once
// instead would reset a client still sending, which then loses the answer it must show (the
// 413's "2 MB max per image"). A body too big to be worth reading (more than the largest
// upload the app takes, or of unknown length) is also answered with `Connection: close`, so
// it is read only until the answer is out.
import { MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '@soko/contract';
import type { FastifyInstance } from 'fastify';

/** The largest upload's files plus room for the parts' headers. */
const DRAIN_AT_MOST_BYTES = MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024;

export function finishBodiesAnsweredEarly(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // `complete`: the whole message has been received (at once for a request with no body);
    // an injected request (tests) has no `complete` but has ended.
    if (raw.complete || raw.readableEnded) return payload;
    const declared = Number(request.headers['content-length']);
    if (!(declared <= DRAIN_AT_MOST_BYTES)) void reply.header('connection', 'close');
    raw.resume();
    return payload;
  });
}
