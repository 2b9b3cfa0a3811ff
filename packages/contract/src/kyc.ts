import { z } from 'zod';
import { PageQuery, pageOf } from './pagination.ts';

// Identity verification (spec sections 3, 4 and 6). Messages are server i18n keys.

export const DocumentType = z.enum(['id_card', 'passport', 'driver_license']);
export type DocumentType = z.infer<typeof DocumentType>;

/** The three states of the spec plus `none` for a user who never applied. */
export const KycStatus = z.enum(['none', 'under_audit', 'passed', 'failed']);
export type KycStatus = z.infer<typeof KycStatus>;
export const KycReviewStatus = z.enum(['under_audit', 'passed', 'failed']);
export type KycReviewStatus = z.infer<typeof KycReviewStatus>;

/** A public image path exactly as `/api/app/images/upload` returns it; never a URL or a climbing path. */
export const UPLOAD_PATH_RE = /^\d{6}\/[a-f0-9]{32}\.(jpg|png|webp)$/;
/** The opaque id of a private upload (`?purpose=kyc`): 32 hex digits, nothing that could name a folder. */
export const PRIVATE_UPLOAD_ID_RE = /^[a-f0-9]{32}$/;
/** Identity documents must be private uploads: a public path is refused. */
const ImagePath = z.string().max(64).regex(PRIVATE_UPLOAD_ID_RE, { error: 'validation.invalid_format' });
export const KYC_IMAGE_SIDES = ['front', 'back', 'face'] as const;
export type KycImageSide = (typeof KYC_IMAGE_SIDES)[number];

// Letters of any script, marks, spaces, apostrophes, hyphens and dots: "O'Neil", "Jean-Luc", "张".
export const PERSON_NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const PersonName = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(PERSON_NAME_RE, { error: 'validation.invalid_characters' });

export const KycSubmitRequest = z
  .strictObject({
    country: z.string().regex(/^[A-Z]{2}$/, { error: 'validation.invalid_option' }),
    family_name: PersonName,
    given_name: PersonName,
    document_type: DocumentType,
    document_number: z
      .string()
      .trim()
      .min(4)
      .max(32)
      .regex(/^[A-Za-z0-9-]+$/, { error: 'validation.document_number' }),
    front_image: ImagePath,
    back_image: ImagePath.optional(),
    face_image: ImagePath,
  })
  .superRefine((value, ctx) => {
    // A passport has one photo page; the cards have a back side with data on it.
    if (value.document_type !== 'passport' && value.back_image === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['back_image'] });
    }
  });
export type KycSubmitRequest = z.infer<typeof KycSubmitRequest>;

/** What the user sees of their own application: numbers and names masked, no image addresses. */
export const KycInfo = z.object({
  status: KycStatus,
  id: z.string().nullable(),
  country: z.string().nullable(),
  family_name: z.string().nullable(),
  given_name: z.string().nullable(),
  document_type: DocumentType.nullable(),
  document_number: z.string().nullable(),
  reason: z.string().nullable(),
  submitted_at: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
});
export type KycInfo = z.infer<typeof KycInfo>;

export const AdminKycQuery = PageQuery.extend({
  // Repeated keys arrive as an array, a single one as a string.
  status: z
    .union([KycReviewStatus, z.array(KycReviewStatus).min(1).max(3)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
export type AdminKycQuery = z.input<typeof AdminKycQuery>;

/**
 * The operator's view: everything. The `*_url`s are authenticated API paths
 * (`/api/admin/kyc/:id/images/:which`): fetch them with the admin token, never as a plain <img src>.
 */
export const AdminKycItem = z.object({
  id: z.string(),
  user_id: z.string(),
  account: z.string(),
  status: KycReviewStatus,
  country: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  document_type: DocumentType,
  document_number: z.string(),
  front_url: z.string(),
  back_url: z.string().nullable(),
  face_url: z.string(),
  reason: z.string().nullable(),
  submitted_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
});
export type AdminKycItem = z.infer<typeof AdminKycItem>;
export const AdminKycPage = pageOf(AdminKycItem);
export type AdminKycPage = z.infer<typeof AdminKycPage>;

export const KycRejectRequest = z.strictObject({ reason: z.string().trim().min(1).max(200) });
export type KycRejectRequest = z.infer<typeof KycRejectRequest>;

/** Any short string: an id that is not a number is simply not found (404), like someone else's. */
export const KycIdParams = z.strictObject({ id: z.string().min(1).max(24) });
