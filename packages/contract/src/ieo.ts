import { z } from 'zod';
import { decimalString } from './decimal.ts';
import { pageOf } from './pagination.ts';
import { textPerLang } from './texts.ts';

// IEO and new coins (spec sections 2, 5, 8): operators create projects; users subscribe in USDC
// while subscribing; settlement allots pro rata and refunds the rest through the engine (ADR 077).

const Coin = z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalid_format' });
const Id = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid_format' });
export const IeoIdParams = z.strictObject({ id: Id });
export type IeoIdParams = z.infer<typeof IeoIdParams>;

/** Project states by time and settlement: subscribing until `end_at`, drawing until settled. */
export const IeoStatus = z.enum(['not_started', 'subscribing', 'drawing', 'ended', 'cancelled']);
export type IeoStatus = z.infer<typeof IeoStatus>;
export const IeoApplicationStatus = z.enum(['applying', 'completed', 'cancelled']);
export type IeoApplicationStatus = z.infer<typeof IeoApplicationStatus>;

const Ms = z.number().int().min(0).max(8_640_000_000_000);

/** Name and description per language (ADR 243); `name` and `description` are the texts of record. */
export const IeoNames = textPerLang(60);
export const IeoDescriptions = textPerLang(5000);

export const IeoProject = z.object({
  id: z.string(),
  coin: z.string(),
  /** Name and description in the reader's language, else the texts of record (ADR 243). */
  name: z.string(),
  issue_amount: z.string(),
  unit_price: z.string(),
  price_range: z.string(),
  min_quantity: z.string(),
  max_quantity: z.string(),
  /** Subscribed quantity (may exceed the issue amount: then allotment is pro rata). */
  subscribed: z.string(),
  /** subscribed / issue amount in percent, two decimals, capped at "100.00". */
  progress: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  listing_at: z.number().int(),
  announcement_at: z.number().int(),
  white_paper: z.string(),
  expected_return: z.string(),
  description: z.string(),
  status: IeoStatus,
  /** Admin answers only: the texts per language; `name`, `description` there are the texts of record. */
  name_i18n: IeoNames.optional(),
  description_i18n: IeoDescriptions.optional(),
});
export type IeoProject = z.infer<typeof IeoProject>;
export const IeoProjectList = z.array(IeoProject);
export type IeoProjectList = z.infer<typeof IeoProjectList>;

export const IeoProjectCreate = z
  .strictObject({
    coin: Coin,
    name: z.string().trim().min(1).max(60),
    issue_amount: decimalString({ scale: 8, max: '1000000000000' }),
    unit_price: decimalString({ scale: 6, max: '1000000' }),
    price_range: z.string().trim().max(60).default(''),
    min_quantity: decimalString({ scale: 8, max: '1000000000000' }),
    max_quantity: decimalString({ scale: 8, max: '1000000000000' }),
    start_at: Ms,
    end_at: Ms,
    listing_at: Ms,
    announcement_at: Ms,
    white_paper: z.union([z.url({ protocol: /^https?$/ }).max(500), z.literal('')]).default(''),
    expected_return: z.string().trim().max(60).default(''),
    description: z.string().trim().max(5000).default(''),
    name_i18n: IeoNames.optional(),
    description_i18n: IeoDescriptions.optional(),
  })
  .refine((p) => p.end_at > p.start_at, { error: 'validation.invalid_format', path: ['end_at'] });
export type IeoProjectCreate = z.infer<typeof IeoProjectCreate>;

/** Edits a project's texts: the texts of record and/or the maps (each replaced whole; `{}` clears). */
export const IeoProjectTextsUpdate = z
  .strictObject({
    name: z.string().trim().min(1).max(60).optional(),
    description: z.string().trim().max(5000).optional(),
    name_i18n: IeoNames.optional(),
    description_i18n: IeoDescriptions.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    path: ['name'],
    error: 'validation.required',
  });
export type IeoProjectTextsUpdate = z.infer<typeof IeoProjectTextsUpdate>;

export const IeoSubscribeRequest = z.strictObject({
  quantity: decimalString({ scale: 8, max: '1000000000000' }),
});
export type IeoSubscribeRequest = z.infer<typeof IeoSubscribeRequest>;

export const IeoApplication = z.object({
  id: z.string(),
  project_id: z.string(),
  coin: z.string(),
  /** The project's name in the reader's language, else its name of record (ADR 243). */
  name: z.string(),
  unit_price: z.string(),
  quantity: z.string(),
  /** USDC paid at subscription. */
  amount: z.string(),
  allotted_quantity: z.string().nullable(),
  /** USDC kept for the allotted quantity, and refunded. */
  paid: z.string().nullable(),
  remaining: z.string().nullable(),
  status: IeoApplicationStatus,
  created_at: z.number().int(),
  settled_at: z.number().int().nullable(),
});
export type IeoApplication = z.infer<typeof IeoApplication>;
export const IeoApplicationPage = pageOf(IeoApplication);
export type IeoApplicationPage = z.infer<typeof IeoApplicationPage>;

export const IeoSettlement = z.object({
  project_id: z.string(),
  applications: z.number().int(),
  allotted: z.string(),
  refunded: z.string(),
});
export type IeoSettlement = z.infer<typeof IeoSettlement>;
