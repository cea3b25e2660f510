import type { AppContext } from '../context.ts';
import { hasAnyMember } from '../db/queries/members.ts';
import { lockSeeding, unlockSeeding } from '../db/queries/seed.ts';
import { seedDemoMember } from './demo-member.ts';
import { seedDemoOwner } from './demo-owner.ts';
import { seedDemoPacks } from './demo-packs.ts';
import { seedDemoShipments } from './demo-shipments.ts';
import { seedPointCourses } from './point-courses.ts';
import { seedCoinCourses } from './coin-courses.ts';
import { seedPerks } from './perks.ts';
import type { SeedSummary } from './seed-summary.ts';
import { seedSiteContent } from './site-content.ts';

export type { SeedSummary };

/** Demo-data steps in order; each feature appends its own (site content, packs, point courses, …). */
const seeders: ((ctx: AppContext) => Promise<void>)[] = [
  seedSiteContent,
  seedPointCourses,
  seedDemoPacks,
  seedPerks,
  seedCoinCourses,
  seedDemoOwner,
  // After the packs (its members buy from them) and the owner (who moves the parcels along).
  seedDemoShipments,
];

/** Seeds the demo shop on an empty database (no members yet). Safe when two instances start at once. */
export async function seedIfEmpty(ctx: AppContext): Promise<SeedSummary | null> {
  const client = await ctx.db.pool.connect();
  try {
    await lockSeeding(client);
    if (await hasAnyMember(client)) return null;
    for (const seed of seeders) await seed(ctx);
    // The member last: its presence marks the database as seeded.
    return await seedDemoMember(ctx);
  } finally {
    await unlockSeeding(client).catch(() => {});
    client.release();
  }
}
