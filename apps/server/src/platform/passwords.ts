// scrypt from node:crypto: memory-hard, built in, nothing to compile or download. The cost is
// a setting (PASSWORD_HASH_COST, N = 2^cost) and is stored in each hash, so raising it later
// keeps old hashes verifiable.
import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const memoryFor = (n: number, r: number) => 128 * n * r * 2;

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, {
    N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: memoryFor(N, BLOCK_SIZE),
  });
  return `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !r || !p || !salt || !expected) return false;
  const N = 2 ** Number(cost);
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: memoryFor(N, Number(r)),
  });
  const want = Buffer.from(expected, 'base64url');
  return want.length === key.length && timingSafeEqual(want, key);
}
