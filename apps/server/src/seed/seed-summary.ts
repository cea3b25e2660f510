/** What start prints after seeding an empty database: the demo member to log in with. */
export interface SeedSummary {
  memberMail: string;
}
