import type { AppContext } from '../context.ts';
import { seedDemoMember } from './demo-member.ts';
import { seedDemoPacks } from './demo-packs.ts';
import { seedPointCourses } from './point-courses.ts';
import { seedSiteContent } from './site-content.ts';

export interface SeedSummary {
  memberMail: string;
}

/** Demo-data steps in order; each feature appends its own (site content, packs, point courses, …). */
const seeders: ((ctx: AppContext) => Promise<void>)[] = [seedSiteContent, seedPointCourses, seedDemoPacks];

/** Seeds the demo shop on an empty database (no members yet). Safe when two instances start at once. */
export async function seedIfEmpty(ctx: AppContext): Promise<SeedSummary | null> {
  const client = await ctx.db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727002)');
    const { rows } = await client.query('SELECT 1 FROM members LIMIT 1');
    if (rows.length > 0) return null;
    for (const seed of seeders) await seed(ctx);
    // The member last: its presence marks the database as seeded.
    return await seedDemoMember(ctx);
  } finally {
    await client.query('SELECT pg_advisory_unlock(727002)').catch(() => {});
    client.release();
  }
}
