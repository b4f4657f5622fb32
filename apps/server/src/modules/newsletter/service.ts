import type { Db } from '../../platform/db';
import { newsletterSubscriptions } from '../../platform/schema';

/** One row per email (compared case-insensitively); subscribing again is not an error. */
export async function subscribe(db: Db, email: string): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: email.trim() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return { created: inserted.length > 0 };
}
