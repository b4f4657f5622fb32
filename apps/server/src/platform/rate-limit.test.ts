// The attempt counters behind the sign-in limits, in memory and in Redis (with TEST_REDIS_URL):
// both must count alike, and a release must never outlive its window or go below zero.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryCounter, redisCounter, type AttemptCounter } from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
afterAll(async () => {
  await redis?.quit();
});

const counters: Array<[string, () => AttemptCounter]> = [
  ['memory', memoryCounter],
  ...(redis ? [['Redis', () => redisCounter(redis)] as [string, () => AttemptCounter]] : []),
];

describe.each(counters)('the %s attempt counter', (_name, make) => {
  const key = () => `test:${randomUUID()}`;

  it('lets the limit through, then answers the seconds left in the window', async () => {
    const counter = make();
    const k = key();
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await counter.hit(k, 3, 60_000));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(55);
    expect(waits[3]).toBeLessThanOrEqual(60);
  });

  it('counts attempts sent at once exactly', async () => {
    const counter = make();
    const k = key();
    const waits = await Promise.all(Array.from({ length: 20 }, () => counter.hit(k, 5, 60_000)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('gives back a released attempt, but never below zero', async () => {
    const counter = make();
    const k = key();
    await counter.release(k);
    await counter.release(k);
    expect(await counter.hit(k, 2, 60_000)).toBe(0);
    expect(await counter.hit(k, 2, 60_000)).toBe(0);
    await counter.release(k);
    expect(await counter.hit(k, 2, 60_000)).toBe(0);
    expect(await counter.hit(k, 2, 60_000)).toBeGreaterThan(0);
  });

  it('starts a new window once the old one has passed, releases or not', async () => {
    const counter = make();
    const k = key();
    expect(await counter.hit(k, 1, 200)).toBe(0);
    expect(await counter.hit(k, 1, 200)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await counter.release(k);
    expect(await counter.hit(k, 1, 200)).toBe(0);
    expect(await counter.hit(k, 1, 200)).toBeGreaterThan(0);
  });
});

describe.runIf(redis)('the Redis attempt counter’s keys', () => {
  it('keep their expiry through a release, and a release never makes a key', async () => {
    const client = redis as Redis;
    const counter = redisCounter(client);
    const k = `test:${randomUUID()}`;
    await counter.release(k);
    expect(await client.exists(`soko:attempts:${k}`)).toBe(0);
    await counter.hit(k, 5, 60_000);
    await counter.hit(k, 5, 60_000);
    await counter.release(k);
    expect(await client.get(`soko:attempts:${k}`)).toBe('1');
    expect(await client.pttl(`soko:attempts:${k}`)).toBeGreaterThan(50_000);
  });
});
