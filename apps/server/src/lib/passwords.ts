import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes).
const productionOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Tests hash hundreds of passwords on a 2-core machine; they check behaviour, not strength. verify()
// reads the cost from the stored hash, so a test hash never meets a production one.
const testOptions = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

// PASSWORD_HASH_COST=low (config.ts) gives a server the test cost, for the browser tests and benchmarks, whose
// servers run in production mode and would otherwise spend a large part of each sign-up and sign-in hashing.
const hashOptions = () =>
  process.env.NODE_ENV === 'test' || process.env.PASSWORD_HASH_COST === 'low' ? testOptions : productionOptions;

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
