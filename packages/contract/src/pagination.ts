import { z } from 'zod';

/** `?page=1&limit=20`, limit at most 100. Query values arrive as strings, hence the coercion. */
export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
