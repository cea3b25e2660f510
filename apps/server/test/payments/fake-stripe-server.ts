import type { Server } from 'node:http';
import { FakeStripe } from './fake-stripe.ts';
import { serveFetchHandler } from './serve-fetch.ts';

/**
 * The fake Stripe API over HTTP on 127.0.0.1, for a whole shop process pointed at it with STRIPE_API_BASE (the
 * browser tests in Stripe mode). Browser calls reach it through the test's page.route of https://api.stripe.com.
 */
export async function startFakeStripeServer(port = 0): Promise<{ fake: FakeStripe; url: string; server: Server }> {
  const fake = new FakeStripe();
  const { url, server } = await serveFetchHandler((u, init) => fake.fetch(u, init), port);
  return { fake, url, server };
}
