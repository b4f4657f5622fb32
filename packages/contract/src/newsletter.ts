import { z } from 'zod';
import { emailSchema } from './email';

export const newsletterBodySchema = z.strictObject({ email: emailSchema });
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;

/** Subscribing twice is fine: the answer is the same. */
export const newsletterResponseSchema = z.object({
  email: z.string(),
  subscribed: z.literal(true),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
