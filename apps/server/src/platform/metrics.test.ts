// GET /metrics (decision 052): readable only with METRICS_TOKEN, through HTTP, on either database.
import { createOrderResponseSchema, processPaymentResponseSchema } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../test/order-fixtures';
import { messages } from './schema';

const TOKEN = 'metrics-token-for-tests-0123';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series (`name` or `name{labels}` exactly as written), 0 when absent. */
const valueOf = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('GET /metrics', () => {
  it('answers 401 in the usual shape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(res.body).not.toContain('soko_');
    }
  });

  it('answers 404 in the usual shape when METRICS_TOKEN is not set', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    } finally {
      await off.close();
    }
  });

  it('answers the metrics in Prometheus text with the token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of [
      'soko_http_request_duration_seconds',
      'soko_orders_placed_total',
      'soko_orders_refused_total',
      'soko_payments_total',
      'soko_outbox_messages',
      'soko_outbox_due_messages',
      'soko_outbox_oldest_age_seconds',
      'soko_response_cache_hits_total',
      'soko_response_cache_misses_total',
      'soko_database_up',
      'soko_database_info',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.body, name).toContain(`# TYPE ${name} `);
    }
    expect(valueOf(res.body, 'soko_database_up')).toBe(1);
    expect(valueOf(res.body, `soko_database_info{kind="${testDbKind()}"}`)).toBe(1);
    if (testDbKind() === 'postgres') {
      expect(res.body).toContain('soko_database_pool_connections{state="total"}');
    } else {
      expect(res.body).not.toContain('soko_database_pool_connections');
    }
  });

  it('counts a placed order, and a refused one by its reason', async () => {
    const before = await scrape();
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 1 });
    expect(
      (await post('/api/order/create', orderBody([{ product, quantity: 1 }]))).statusCode,
    ).toBe(201);
    const soldOut = await post('/api/order/create', orderBody([{ product, quantity: 1 }]));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.code).toBe('out_of_stock');
    expect((await post('/api/order/create', { items: [] })).statusCode).toBe(400);

    const after = await scrape();
    const placed = 'soko_orders_placed_total';
    expect(valueOf(after, placed) - valueOf(before, placed)).toBe(1);
    for (const reason of ['out_of_stock', 'validation_failed']) {
      const series = `soko_orders_refused_total{reason="${reason}"}`;
      expect(valueOf(after, series) - valueOf(before, series), reason).toBe(1);
    }
  });

  it('counts a payment by its outcome', async () => {
    const before = await scrape();
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 5 });
    const created = createOrderResponseSchema.parse(
      (await post('/api/order/create', orderBody([{ product, quantity: 1 }]))).json(),
    );
    const started = processPaymentResponseSchema.parse(
      (
        await post('/api/payments/process', { orderId: created._id, formData: DELIVERY_FORM })
      ).json(),
    );
    expect((await post(`/api/payments/sandbox/${started.trackingId}/pay`, {})).statusCode).toBe(
      200,
    );

    const after = await scrape();
    const series = 'soko_payments_total{outcome="completed"}';
    expect(valueOf(after, series) - valueOf(before, series)).toBe(1);
  });

  it("labels a request's latency with its route's pattern, never the raw address", async () => {
    const orderId = '0b9a4a8e-3f4c-4c55-9a43-5d2b7f9d7e11';
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(
      404,
    );
    const text = await scrape();
    expect(
      valueOf(
        text,
        'soko_http_request_duration_seconds_count{method="GET",route="/api/orders/:orderId",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(orderId);
  });

  it("counts the response cache's hits and misses", async () => {
    const before = await scrape();
    for (let n = 0; n < 3; n++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/metadata' })).statusCode).toBe(200);
    }
    const after = await scrape();
    const hits = 'soko_response_cache_hits_total';
    const misses = 'soko_response_cache_misses_total';
    expect(valueOf(after, hits) - valueOf(before, hits)).toBeGreaterThanOrEqual(2);
    expect(valueOf(after, misses) + valueOf(after, hits)).toBeGreaterThan(
      valueOf(before, misses) + valueOf(before, hits),
    );
  });

  it("reads the outbox's depth and oldest age from the messages table when scraped", async () => {
    // A message waiting an hour (no channel is set in tests, so no worker takes it meanwhile).
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.database.db.insert(messages).values({
      channel: 'email',
      kind: 'order_received',
      userId: null,
      recipient: 'waiting@example.com',
      senderName: 'Soko',
      subject: 'Waiting',
      body: 'Waiting',
      status: 'queued',
      nextAttemptAt: anHourAgo,
      createdAt: anHourAgo,
    });
    const text = await scrape();
    expect(valueOf(text, 'soko_outbox_messages{status="queued"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'soko_outbox_due_messages')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'soko_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(3_500);
  });
});
