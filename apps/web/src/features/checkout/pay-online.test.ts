import type { CheckoutForm, CreateOrderResponse, PaymentStatusEvent } from '@soko/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeCheckoutError } from './checkout-errors';
import { ALREADY_PAID_DETAILS, PaymentRestarts, payOnline, paymentPageUrl } from './pay-online';
import { PAYMENT_FAILED_MESSAGE, PaymentFailedError } from './payment-errors';
import { followPayment, type StatusSocket } from './payment-status';
import { placeOrder, type HeldOrder } from './place-order';

// The online payment (spec section 4, "Payment"): the reserved tab, the live channel and its
// fallback, and what each final status does to the order and the next attempt.

const form: CheckoutForm = {
  firstName: 'Wanjiru',
  middleName: 'Njeri',
  lastName: 'Mwangi',
  country: 'Kenya',
  county: 'Nairobi',
  city: 'Nairobi',
  address: 'Kenyatta Avenue 12',
  postalcode: '00100',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.com',
};
const order: CreateOrderResponse = {
  _id: '33333333-3333-3333-3333-333333333333',
  orderId: 'SK-26-000123',
  status: 'pending_payment',
  totalPrice: 820,
  payOnOrder: true,
  holdUntil: new Date(Date.now() + 600_000).toISOString(),
};
const trackingId = '44444444-4444-4444-4444-444444444444';
const redirectUrl = `http://localhost/pay/sandbox/${trackingId}`;
const event = (status_code: number): PaymentStatusEvent => ({
  status_code,
  payment_method: 'MPESA',
  confirmation_code: 'ABC123',
});

/** A socket.io socket stand-in the test drives by hand. */
class FakeSocket implements StatusSocket {
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  disconnected = false;
  on(name: string, listener: (...args: never[]) => void) {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as (...args: unknown[]) => void);
    this.listeners.set(name, list);
    return this;
  }
  emit(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

function fakeTab() {
  return {
    open: vi.fn<(url: string) => void>(),
    close: vi.fn<() => void>(),
    isClosed: () => false,
  };
}

function stubProcess(answer: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal('window', {
    localStorage: { getItem: () => null },
    location: { origin: 'http://localhost' },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      if (path === '/api/payments/process') {
        return Response.json(answer.body, { status: answer.status });
      }
      if (path === '/api/order/checkout')
        return Response.json({ _id: order._id, status: 'confirmed' });
      return Response.json(
        { error: { code: 'not_found', message: 'Not found.' } },
        { status: 404 },
      );
    }),
  );
  return calls;
}

const started = { status: 200, body: { success: true, trackingId, redirectUrl } };

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('followPayment', () => {
  it('resolves with the first final status and leaves no socket behind; other codes are only logged', async () => {
    const socket = new FakeSocket();
    const promise = followPayment(trackingId, { connect: () => socket });
    socket.emit('connect');
    socket.emit(`paymentStatus:${trackingId}`, event(0));
    socket.emit(`paymentStatus:${trackingId}`, event(1));
    await expect(promise).resolves.toMatchObject({ status_code: 1 });
    expect(console.info).toHaveBeenCalledTimes(1);
    expect(socket.disconnected).toBe(true);
  });

  it('says when the socket cannot connect and polls the status call until a final status', async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const connection: boolean[] = [];
    const answers = [event(0), event(2)];
    const fetchStatus = vi.fn(async () => answers.shift() ?? event(0));
    const promise = followPayment(trackingId, {
      connect: () => socket,
      fetchStatus,
      onConnection: (connected) => connection.push(connected),
      pollMs: 3_000,
    });
    socket.emit('connect_error', new Error('timeout'));
    socket.emit('connect_error', new Error('timeout'));
    expect(connection).toEqual([false]);
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(promise).resolves.toMatchObject({ status_code: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(socket.disconnected).toBe(true);
  });

  it('stops polling once the socket connects after all', async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const connection: boolean[] = [];
    const fetchStatus = vi.fn(async () => event(0));
    void followPayment(trackingId, {
      connect: () => socket,
      fetchStatus,
      onConnection: (connected) => connection.push(connected),
    });
    socket.emit('connect_error', new Error('refused'));
    socket.emit('connect');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    expect(connection).toEqual([false, true]);
  });

  it('cleans up and rejects when the screen goes away', async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const fetchStatus = vi.fn(async () => event(0));
    const controller = new AbortController();
    const promise = followPayment(trackingId, {
      connect: () => socket,
      fetchStatus,
      signal: controller.signal,
    });
    socket.emit('connect_error', new Error('refused'));
    controller.abort();
    await expect(promise).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    expect(socket.disconnected).toBe(true);
  });
});

describe('payOnline', () => {
  it('points the reserved tab at the provider page and resolves with the completed status', async () => {
    stubProcess(started);
    const tab = fakeTab();
    const onStarted = vi.fn();
    const onCompleted = vi.fn();
    const follow = vi.fn(async () => event(1));
    const details = await payOnline(order, form, { tab, onStarted, onCompleted, follow });
    expect(details).toMatchObject({ status_code: 1, confirmation_code: 'ABC123' });
    expect(tab.open).toHaveBeenCalledWith(redirectUrl);
    expect(tab.close).not.toHaveBeenCalled();
    expect(onStarted).toHaveBeenCalledWith({ trackingId, redirectUrl, tabOpened: true, tab });
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(follow).toHaveBeenCalledWith(trackingId, expect.anything());
  });

  it('closes the tab and says payment failed when the process call fails', async () => {
    stubProcess({
      status: 502,
      body: { error: { code: 'payment_unavailable', message: 'No provider.' } },
    });
    const tab = fakeTab();
    const follow = vi.fn();
    const error = await payOnline(order, form, { tab, follow }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentFailedError);
    expect((error as PaymentFailedError).message).toBe(PAYMENT_FAILED_MESSAGE);
    // The order is still open: the next attempt may pay for it.
    expect((error as PaymentFailedError).orderClosed).toBe(false);
    expect(tab.close).toHaveBeenCalled();
    expect(follow).not.toHaveBeenCalled();
  });

  it('never opens an address that is not a web page', async () => {
    stubProcess({ ...started, body: { ...started.body, redirectUrl: 'javascript:alert(1)' } });
    const tab = fakeTab();
    await expect(payOnline(order, form, { tab, follow: vi.fn() })).rejects.toBeInstanceOf(
      PaymentFailedError,
    );
    expect(tab.open).not.toHaveBeenCalled();
    expect(paymentPageUrl('/pay/sandbox/x', 'http://localhost')).toBe(
      'http://localhost/pay/sandbox/x',
    );
  });

  it('pay again asks for the same order’s page in the new tab and follows the payment it answers', async () => {
    const calls = stubProcess(started);
    const restarts = new PaymentRestarts();
    const firstTab = fakeTab();
    const secondTab = fakeTab();
    const followed: AbortSignal[] = [];
    let finish: (status: PaymentStatusEvent) => void = () => undefined;
    const follow = vi.fn(
      (_id: string, options: { signal?: AbortSignal } = {}) =>
        new Promise<PaymentStatusEvent>((resolve, reject) => {
          if (options.signal) followed.push(options.signal);
          options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          finish = resolve;
        }),
    );
    const onStarted = vi.fn();
    const paying = payOnline(order, form, { tab: firstTab, restarts, follow, onStarted });
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));

    expect(restarts.request(secondTab)).toBe(true);
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledTimes(2));
    expect(followed[0]?.aborted).toBe(true);
    expect(secondTab.open).toHaveBeenCalledWith(redirectUrl);
    expect(calls.filter((path) => path === '/api/payments/process')).toHaveLength(2);

    finish(event(1));
    await expect(paying).resolves.toMatchObject({ status_code: 1 });
    // Nothing is waiting any more: a late click changes nothing.
    expect(restarts.request(null)).toBe(false);
  });

  it('an order found paid when paying again counts as completed, with no second page', async () => {
    stubProcess({
      status: 409,
      body: { error: { code: 'already_paid', message: 'This order is already paid.' } },
    });
    const tab = fakeTab();
    const onCompleted = vi.fn();
    const follow = vi.fn();
    const details = await payOnline(order, form, { tab, onCompleted, follow });
    expect(details).toBe(ALREADY_PAID_DETAILS);
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.open).not.toHaveBeenCalled();
    expect(follow).not.toHaveBeenCalled();
  });

  it.each([
    [2, 'Payment failed. Please try again.'],
    [3, 'Payment reversed.'],
  ])('status %i closes the order with the spec’s words', async (code, message) => {
    stubProcess(started);
    const error = await payOnline(order, form, {
      tab: null,
      follow: async () => event(code),
    }).catch((e: unknown) => e);
    expect(describeCheckoutError(error, []).message).toBe(message);
    expect((error as PaymentFailedError).orderClosed).toBe(true);
  });
});

describe('placeOrder with an online payment', () => {
  const body = {
    lines: [
      {
        productId: '11111111-1111-1111-1111-111111111111',
        name: 'Aloe Gel',
        price: 810,
        image: '/placeholder-product.svg',
        selectedVariant: null,
        variantId: null,
        quantity: 1,
      },
    ],
    form,
    shipping: 'standard' as const,
    discountCode: null,
    discount: 0,
    totalPrice: 820,
  };

  it('checks out with the payment’s details after it completes', async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        calls.push({ path, body: JSON.parse(String(init.body)) });
        if (path === '/api/order/create') return Response.json(order, { status: 201 });
        return Response.json({ _id: order._id, status: 'confirmed' });
      }),
    );
    const stages: string[] = [];
    await placeOrder(body, {
      held: null,
      onHeld: () => undefined,
      onStage: (stage) => stages.push(stage),
      pay: async () => event(1),
    });
    expect(stages).toEqual(['order', 'payment', 'checkout']);
    expect(calls[1]).toMatchObject({
      path: '/api/order/checkout',
      body: { orderId: order._id, paymentDetails: event(1) },
    });
  });

  it('forgets the order after a failed payment, so the next attempt creates a new one', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(order, { status: 201 })),
    );
    const state: { held: HeldOrder | null } = { held: null };
    const error = await placeOrder(body, {
      held: null,
      onHeld: (next) => {
        state.held = next;
      },
      onStage: () => undefined,
      pay: async () => {
        throw new PaymentFailedError(undefined, { orderClosed: true });
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentFailedError);
    expect(state.held).toBeNull();
  });

  it('closes a reserved tab when the order turns out to be paid on delivery', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/order/create'
          ? Response.json({ ...order, payOnOrder: false }, { status: 201 })
          : Response.json({ _id: order._id, status: 'confirmed' }),
      ),
    );
    const tab = fakeTab();
    const pay = vi.fn();
    await placeOrder(body, {
      held: null,
      onHeld: () => undefined,
      onStage: () => undefined,
      payment: { tab },
      pay,
    });
    expect(tab.close).toHaveBeenCalled();
    expect(pay).not.toHaveBeenCalled();
  });
});

describe('paying with M-Pesa', () => {
  const checkoutRequestId = 'ws_CO_24112026093015123456';

  function stubMpesa(answer: { status: number; body: unknown }) {
    const bodies: unknown[] = [];
    vi.stubGlobal('window', {
      localStorage: { getItem: () => null },
      location: { origin: 'http://localhost' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === '/api/payments/process') {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json(answer.body, { status: answer.status });
        }
        return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
      }),
    );
    return bodies;
  }
  const prompted = {
    status: 200,
    body: { success: true, trackingId: checkoutRequestId, redirectUrl: '' },
  };
  const choice = { provider: 'mpesa' as const, mpesaPhone: '254712345678' };

  it('asks for the prompt with the number, opens no page, and follows the prompt’s status', async () => {
    const bodies = stubMpesa(prompted);
    const tab = fakeTab();
    const onStarted = vi.fn();
    const follow = vi.fn(async () => ({ ...event(1), confirmation_code: 'TKA1B2C3D4' }));
    const details = await payOnline(order, form, { tab, choice, onStarted, follow });
    expect(bodies).toEqual([
      { orderId: order._id, formData: form, provider: 'mpesa', mpesaPhone: '254712345678' },
    ]);
    expect(tab.open).not.toHaveBeenCalled();
    expect(tab.close).toHaveBeenCalled();
    expect(onStarted).toHaveBeenCalledWith(
      expect.objectContaining({ trackingId: checkoutRequestId, redirectUrl: '' }),
    );
    expect(follow).toHaveBeenCalledWith(checkoutRequestId, expect.anything());
    expect(details).toMatchObject({ status_code: 1, confirmation_code: 'TKA1B2C3D4' });
  });

  it.each([
    [1032, 'The M-Pesa prompt was cancelled on the phone.'],
    [2001, 'The M-Pesa PIN entered was wrong.'],
    [1, 'M-Pesa says the balance is not enough for this payment.'],
    [1037, 'The phone could not be reached, or the prompt timed out.'],
  ])(
    'says what happened after result code %i, and the next try orders afresh',
    async (code, why) => {
      stubMpesa(prompted);
      const follow = vi.fn(async () => ({ ...event(2), result_code: code, message: why }));
      const error = await payOnline(order, form, { tab: null, choice, follow }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PaymentFailedError);
      expect((error as PaymentFailedError).message).toBe(`${PAYMENT_FAILED_MESSAGE} ${why}`);
      expect((error as PaymentFailedError).orderClosed).toBe(true);
    },
  );

  it('keeps the spec’s words alone for a provider that gives no result code', async () => {
    stubProcess(started);
    const follow = vi.fn(async () => ({ ...event(2), message: 'Request processed successfully' }));
    const error = await payOnline(order, form, { tab: fakeTab(), follow }).catch((e: unknown) => e);
    expect((error as PaymentFailedError).message).toBe(PAYMENT_FAILED_MESSAGE);
  });

  it('passes on what the server refused about an M-Pesa payment', async () => {
    stubMpesa({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'M-Pesa takes whole shillings only, and this order comes to Ksh 820.50.',
        },
      },
    });
    const error = await payOnline(order, form, { tab: null, choice, follow: vi.fn() }).catch(
      (e: unknown) => e,
    );
    expect((error as PaymentFailedError).message).toBe(
      `${PAYMENT_FAILED_MESSAGE} M-Pesa takes whole shillings only, and this order comes to Ksh 820.50.`,
    );
  });
});
