import type { AdminKycItem, KycImageSide, KycInfo, KycReviewStatus, KycSubmitRequest } from '@ex/contract';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { AppError } from '../http/errors.ts';
import { COUNTRIES } from '../system/countries.ts';
import { isRowId, type KycDb, type KycRow } from './tables.ts';
import { ownsUploads } from './uploads.ts';

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.country));

/** `AB******12`: enough for the owner to recognise the document, useless to a shoulder-surfer. */
export function maskDocumentNumber(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  const keep = value.length >= 8 ? 2 : 1;
  return value.slice(0, keep) + '*'.repeat(value.length - 2 * keep) + value.slice(-keep);
}

/** First character kept (by code point, so CJK and accents stay whole), the rest starred. */
export function maskName(value: string): string {
  const chars = [...value];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

type Row = KycRow;

function ms(value: string | null): number | null {
  return value === null ? null : Number(value);
}

export class KycService {
  constructor(
    private readonly db: KycDb,
    private readonly clock: Clock,
  ) {}

  /** The stored image reference of one side of an application, or undefined (no row, no back side). */
  async imageOf(id: string, which: KycImageSide): Promise<string | undefined> {
    if (!isRowId(id)) return undefined;
    const row = await this.db
      .selectFrom('kyc_applications')
      .select(['front_image', 'back_image', 'face_image'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return (
      (which === 'front' ? row.front_image : which === 'back' ? row.back_image : row.face_image) ?? undefined
    );
  }

  private latest(userId: string) {
    return this.db
      .selectFrom('kyc_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst() as Promise<Row | undefined>;
  }

  async info(userId: string): Promise<KycInfo> {
    const row = await this.latest(userId);
    if (!row) {
      return {
        status: 'none',
        id: null,
        country: null,
        family_name: null,
        given_name: null,
        document_type: null,
        document_number: null,
        reason: null,
        submitted_at: null,
        reviewed_at: null,
      };
    }
    return {
      status: row.status,
      id: row.id,
      country: row.country,
      family_name: row.family_name,
      given_name: maskName(row.given_name),
      document_type: row.document_type,
      document_number: maskDocumentNumber(row.document_number),
      reason: row.reason,
      submitted_at: ms(row.submitted_at),
      reviewed_at: ms(row.reviewed_at),
    };
  }

  async submit(userId: string, body: KycSubmitRequest): Promise<KycInfo> {
    if (!COUNTRY_CODES.has(body.country)) {
      throw new AppError('VALIDATION', undefined, { country: ['validation.invalid_value'] });
    }
    const images = [body.front_image, body.face_image, ...(body.back_image ? [body.back_image] : [])];
    if (!(await ownsUploads(this.db, userId, images))) throw new AppError('IMAGE_NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      // The user row lock serialises two submits of one user (pending check, verified check).
      const user = await trx
        .selectFrom('users')
        .select('verified')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (user.verified) throw new AppError('KYC_ALREADY_VERIFIED');
      const open = await trx
        .selectFrom('kyc_applications')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'under_audit')
        .executeTakeFirst();
      if (open) throw new AppError('KYC_PENDING');
      await trx
        .insertInto('kyc_applications')
        .values({
          user_id: userId,
          status: 'under_audit',
          country: body.country,
          family_name: body.family_name,
          given_name: body.given_name,
          document_type: body.document_type,
          document_number: body.document_number.toUpperCase(),
          front_image: body.front_image,
          back_image: body.back_image ?? null,
          face_image: body.face_image,
          submitted_at: String(this.clock.now()),
        })
        .execute();
    });
    return this.info(userId);
  }

  /** The verified identity's names, for the bank-card holder check; undefined when not passed. */
  async verifiedName(
    userId: string,
    db: KycDb = this.db,
  ): Promise<{ family_name: string; given_name: string } | undefined> {
    return db
      .selectFrom('kyc_applications')
      .select(['family_name', 'given_name'])
      .where('user_id', '=', userId)
      .where('status', '=', 'passed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async list(query: { page: number; limit: number; status?: KycReviewStatus[] | undefined }) {
    let base = this.db.selectFrom('kyc_applications as k').innerJoin('users as u', 'u.id', 'k.user_id');
    if (query.status) base = base.where('k.status', 'in', query.status);
    const total = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('k')
      .select(['u.email', 'u.phone', 'u.area_code'])
      .orderBy('k.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return {
      list: rows.map((r) =>
        this.adminItem(r as Row & { email: string | null; phone: string | null; area_code: string | null }),
      ),
      total: Number(total.n),
      page: query.page,
      limit: query.limit,
    };
  }

  private adminItem(
    r: Row & { email: string | null; phone: string | null; area_code: string | null },
  ): AdminKycItem {
    // Authenticated addresses only: the operator's client fetches them with its token (ADR 061).
    const url = (which: KycImageSide) => `/api/admin/kyc/${r.id}/images/${which}`;
    return {
      id: r.id,
      user_id: r.user_id,
      account: r.email ?? `${r.area_code ?? ''} ${r.phone ?? ''}`.trim(),
      status: r.status,
      country: r.country,
      family_name: r.family_name,
      given_name: r.given_name,
      document_type: r.document_type,
      document_number: r.document_number,
      front_url: url('front'),
      back_url: r.back_image === null ? null : url('back'),
      face_url: url('face'),
      reason: r.reason,
      submitted_at: Number(r.submitted_at),
      reviewed_at: ms(r.reviewed_at),
    };
  }

  private async one(id: string) {
    const r = await this.db
      .selectFrom('kyc_applications as k')
      .innerJoin('users as u', 'u.id', 'k.user_id')
      .selectAll('k')
      .select(['u.email', 'u.phone', 'u.area_code'])
      .where('k.id', '=', id)
      .executeTakeFirstOrThrow();
    return this.adminItem(
      r as Row & { email: string | null; phone: string | null; area_code: string | null },
    );
  }

  /** Approve or reject an application under audit; approving sets the user's verified flag. */
  async review(
    id: string,
    adminId: string,
    decision: { status: 'passed' } | { status: 'failed'; reason: string },
  ): Promise<AdminKycItem> {
    if (!isRowId(id)) throw new AppError('NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('kyc_applications')
        .select(['user_id', 'status'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'under_audit') throw new AppError('KYC_ALREADY_REVIEWED');
      await trx
        .updateTable('kyc_applications')
        .set({
          status: decision.status,
          reason: decision.status === 'failed' ? decision.reason : null,
          reviewed_at: String(this.clock.now()),
          reviewed_by: adminId,
        })
        .where('id', '=', id)
        .execute();
      if (decision.status === 'passed') {
        await trx.updateTable('users').set({ verified: true }).where('id', '=', row.user_id).execute();
      }
    });
    return this.one(id);
  }
}
