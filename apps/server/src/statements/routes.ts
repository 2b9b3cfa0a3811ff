import { MonthlyStatementQuery, type StatementKind, StatementParams, StatementQuery } from '@ex/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../deps.ts';
import { principalOf, requireAuth } from '../http/auth.ts';
import { fieldError } from '../http/errors.ts';
import { monthlyPdf, monthRange, statementTable, toCsv, toXlsx } from './service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** No statement before the exchange could have had data. */
const EARLIEST_MONTH = '2020-01';

/**
 * The caller's own records as CSV/XLSX for a date range, and the monthly PDF (issue 13, ADR 142).
 * Files, not envelopes: the SDK passes spreadsheet and PDF bodies through; refusals stay envelopes.
 */
export function statementsRoutes(app: FastifyInstance, s: Services): void {
  const user = requireAuth(s.tokens, 'user');
  // Each export reads up to 50,000 rows: it gets the tight budget of money moves (30 a minute by
  // default) instead of the general one (600).
  const STATEMENT_LIMIT = { max: s.config.rateLimit.moneyPerMinute, timeWindow: 60_000 };

  // Registered before `/:kind` for readability; Fastify prefers the static path either way.
  app.get(
    '/api/app/statements/monthly',
    {
      preHandler: user,
      config: { rateLimit: STATEMENT_LIMIT },
      schema: {
        tags: ['statements'],
        summary: 'Monthly account statement (PDF): opening and closing balances and the ledger lines',
        querystring: MonthlyStatementQuery,
      },
    },
    async (request, reply) => {
      const { month } = request.query as MonthlyStatementQuery;
      const now = s.clock.now();
      const { from } = monthRange(month);
      if (month < EARLIEST_MONTH || from > now) throw fieldError('month', 'validation.invalid_value');
      const me = principalOf(request);
      const row = await s.db
        .selectFrom('users')
        .select(['email', 'phone'])
        .where('id', '=', me.id as never)
        .executeTakeFirst();
      const pdf = await monthlyPdf(s.db, { id: me.id, account: row?.email ?? row?.phone ?? '' }, month, now);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${month}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/app/statements/:kind',
    {
      preHandler: user,
      config: { rateLimit: STATEMENT_LIMIT },
      schema: {
        tags: ['statements'],
        summary:
          'Own ledger, orders, trades, deposits or withdrawals for [from, to) as CSV or XLSX (at most 366 days)',
        params: StatementParams,
        querystring: StatementQuery,
      },
    },
    async (request, reply) => {
      const { kind } = request.params as { kind: StatementKind };
      const q = request.query as StatementQuery;
      const table = await statementTable(s.db, principalOf(request).id, kind, q.from, q.to);
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const name = `${kind}-${day(q.from)}-${day(q.to - 1)}.${q.format}`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      if (q.format === 'xlsx') return reply.type(XLSX).send(await toXlsx(table));
      return reply.type('text/csv; charset=utf-8').send(toCsv(table));
    },
  );
}
