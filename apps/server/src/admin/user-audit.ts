import { AuditPage, IdParams, PageQuery } from '@ex/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Services } from '../deps.ts';
import { jsonRoute } from '../http/route.ts';
import { listAudit } from '../ops/audit.ts';
import { opsDb } from '../ops/tables.ts';

/**
 * The audit entries about one user, for the console's user drawer (ADR 268): bans with their
 * reason, unbans with their note, ended sessions and the messages sent to them, with who and when.
 * Support bans and unbans but may not read the audit log (ADR 160); this route lets every role
 * read these entries of the user it has open, and nothing else of the log: the target is fixed
 * to `user :id` by the server, and the operator's IP address is left out (who acted is enough).
 */
export function userAuditRoutes(app: FastifyInstance, s: Services, admin: preHandlerAsyncHookHandler): void {
  const odb = opsDb(s.db);
  jsonRoute(app, {
    method: 'GET',
    url: '/api/admin/users/:id/audit',
    tags: ['admin'],
    summary:
      "The audit entries about one user (ban with its reason, unban with its note, sessions ended, messages), newest first; every operator role, without the operator's IP",
    params: IdParams,
    query: PageQuery,
    response: AuditPage,
    preHandler: admin,
    handler: async (req) => {
      const page = await listAudit(odb, {
        page: req.query.page,
        limit: req.query.limit,
        target_type: 'user',
        target_id: req.params.id,
      });
      return { ...page, list: page.list.map((e) => ({ ...e, ip: null })) };
    },
  });
}
