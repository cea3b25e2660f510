import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes): ~20 ms here, memory-hard against GPUs.
const OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Under the test runner only (vitest sets VITEST in its workers; a shop started with NODE_ENV=test, which the config
// accepts, still hashes with OWASP's profile): the cheapest argon2id, 1 MiB and 1 pass. The server tests hash and
// verify a password for every member they make and every login; on a busy 2-core machine the OWASP profile took ~400 ms each there, the cheap one ~4 ms (issue 20).
// Same algorithm and hash format, so verify() reads hashes of either profile.
const OPTIONS = process.env.VITEST ? ({ memoryCost: 1024, timeCost: 1, parallelism: 1 } as const) : OWASP;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

// Verifying against this keeps a login for an unknown mail as slow as one for a known mail.
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'));
