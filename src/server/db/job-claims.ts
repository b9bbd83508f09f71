// Once-a-day jobs across instances (decision 025): the instance that inserts the job's day runs it.
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { jobClaims } from './schema';

/** Claims the job for this day; false when another instance (or an earlier round) has it. */
export async function claimDailyJob(db: DbOrTx, job: string, day: string): Promise<boolean> {
  const claimed = await db
    .insert(jobClaims)
    .values({ job, day, claimedBy: `${os.hostname()}:${process.pid}` })
    .onConflictDoNothing()
    .returning({ job: jobClaims.job });
  return claimed.length > 0;
}

/** Gives a claim back (the run failed): the next round, here or on another instance, tries again. */
export async function releaseDailyJob(db: DbOrTx, job: string, day: string): Promise<void> {
  await db.delete(jobClaims).where(and(eq(jobClaims.job, job), eq(jobClaims.day, day)));
}
