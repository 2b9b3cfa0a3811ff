import { z } from 'zod';

/** Field errors: `{ field: [localised message, ...] }`; a body-level error uses the key `body`. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    data,
    message: z.string(),
    errors: FieldErrors.optional(),
  });
}

export const ErrorEnvelope = envelope(z.null());
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
  errors?: FieldErrors;
}
