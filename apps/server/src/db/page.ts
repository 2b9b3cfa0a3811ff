// One page of a list query and the count of the whole list, the shape of every paged endpoint
// (`{ list, total, page, limit }`, API.md): `base` carries the filters, `rows` the selection and the
// order; both run at once.

import type { SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  page: number;
  limit: number;
}

export async function fetchPage<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  q: PageRequest,
  rows: (b: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
): Promise<{ rows: R[]; total: number }> {
  const [list, total] = await Promise.all([
    rows(base)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number((total as { n: string }).n) };
}
