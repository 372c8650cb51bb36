import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('password hashing', () => {
  it('uses argon2id with 19 MiB and 2 passes outside tests', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const hash = await hashPassword('a-long-password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a-long-password')).toBe(true);
  });

  it('uses the cheapest argon2id under test, and still tells a wrong password', async () => {
    const hash = await hashPassword('a-long-password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'a-long-password')).toBe(true);
    expect(await verifyPassword(hash, 'another-password')).toBe(false);
  });

  it('uses the cheapest argon2id in production only when PASSWORD_HASH_COST=low', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PASSWORD_HASH_COST', 'standard');
    expect(await hashPassword('a-long-password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    vi.stubEnv('PASSWORD_HASH_COST', 'low');
    const hash = await hashPassword('a-long-password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'a-long-password')).toBe(true);
    expect(await verifyPassword(hash, 'another-password')).toBe(false);
  });

  it('verifies a hash made with the production cost under test', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const hash = await hashPassword('a-long-password');
    vi.unstubAllEnvs();
    expect(await verifyPassword(hash, 'a-long-password')).toBe(true);
  });
});
