/** A drop's proof-of-work challenge as the server hands it out (ALTCHA's v1 fields). */
export interface DropChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

/**
 * The `altcha` field a join posts: the challenge with the number that solves it, as base64 JSON (ALTCHA's payload).
 * One home for its shape: the page, the journeys and the server tests send the same thing.
 */
export function altchaPayload(c: Omit<DropChallenge, 'maxnumber'>, number: number): string {
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature };
  return btoa(JSON.stringify(payload));
}
