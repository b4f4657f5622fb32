// The admin's outbox (decision 032): every message with its state, one message with its body, and
// Resend. Admins only (DESIGN.md "Who may call what").
import {
  adminMessageDetailSchema,
  adminMessagePageSchema,
  adminMessageSchema,
  adminMessagesQuerySchema,
  messageIdParamsSchema,
  resendMessageSchema,
} from '@soko/contract';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { getMessage, resendMessage } from './admin';
import { listMessages } from './queries';
import type { Outbox } from './service';

export function registerMessageRoutes(app: App, ctx: AppContext, outbox: Outbox): void {
  const { db } = ctx;
  const errors = errorResponses;

  app.get(
    '/api/admin/messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every message, newest first, one page, narrowed by state, channel, kind, order or text',
        querystring: adminMessagesQuerySchema,
        response: { 200: adminMessagePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listMessages(db, request.query);
      // States change with every send: never kept by a browser or proxy.
      void reply.header('cache-control', 'private, no-store');
      return {
        messages: rows,
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/api/admin/messages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One message with what was sent and the copies resent of it',
        params: messageIdParamsSchema,
        response: { 200: adminMessageDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getMessage(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/messages/:id/resend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Sends a message again as a new row (optionally to a corrected recipient); 409 for account codes and links, and while a resend is on its way',
        params: messageIdParamsSchema,
        body: resendMessageSchema,
        response: { 201: adminMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const copy = await resendMessage(db, outbox, request.params.id, request.body);
      return reply.status(201).send(copy);
    },
  );
}
