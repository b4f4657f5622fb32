// Delivery reports: Africa's Talking posts, some time after a send, what became of an SMS
// (reference/messages.md). Stored on the message with that provider id, once: a report that
// comes again changes nothing, a late "Sent" never overwrites a final "Success" or "Failed", and
// an id Soko never sent is answered 200 (the provider would otherwise retry it) and ignored.
import { SMS_FINAL_DELIVERY_STATUSES, type SmsDeliveryReport } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';

const finals = sql.join(
  SMS_FINAL_DELIVERY_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Answers whether a message took the report (false: unknown id, or already settled). */
export async function recordDeliveryReport(db: Db, report: SmsDeliveryReport): Promise<boolean> {
  const isFinal = (SMS_FINAL_DELIVERY_STATUSES as readonly string[]).includes(report.status);
  const error = report.failureReason?.trim() || null;
  const rows = await db.execute(sql`
    update messages
       set delivery_status = ${report.status},
           delivery_error = ${error},
           delivered_at = case when ${report.status} = 'Success'
                               then coalesce(delivered_at, now()) else delivered_at end,
           updated_at = now()
     where channel = 'sms' and provider_id = ${report.id}
       and (delivery_status is null or delivery_status not in (${finals}) or ${isFinal})
       and (delivery_status is distinct from ${report.status}
            or delivery_error is distinct from ${error})
    returning id`);
  return rowsOf<{ id: string }>(rows).length > 0;
}
