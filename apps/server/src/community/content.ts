import type {
  AdminContentCreate,
  AdminContentItem,
  AdminContentPage,
  AdminContentQuery,
  AdminContentUpdate,
  ContentDetail,
  ContentKind,
  ContentPage,
  ContentSummary,
  PageQuery,
  Translations,
} from '@ex/contract';
import type { Lang } from '@ex/i18n';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import { fetchPage } from '../db/page.ts';
import { AppError } from '../http/errors.ts';
import type { CommunityDb, ContentItemsTable } from './tables.ts';
import { isRowId, pickText, readTranslations, summaryOf } from './text.ts';

type Row = Selectable<ContentItemsTable>;

/** Notices and news: the operator writes them per language, readers see published ones only. */
export class ContentService {
  constructor(
    private readonly db: CommunityDb,
    private readonly clock: Clock,
  ) {}

  async list(kind: ContentKind, q: PageQuery, lang: Lang): Promise<ContentPage> {
    const base = this.db.selectFrom('content_items').where('kind', '=', kind).where('published', '=', true);
    const { rows, total } = await fetchPage(base, q, (b) =>
      b.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc'),
    );
    return { list: rows.map((r) => summary(r, lang)), total, page: q.page, limit: q.limit };
  }

  /** Unpublished, unknown and the other kind's ids all look the same: 404. */
  async detail(kind: ContentKind, id: string, lang: Lang): Promise<ContentDetail> {
    if (!isRowId(id)) throw new AppError('NOT_FOUND');
    const row = await this.db
      .selectFrom('content_items')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('published', '=', true)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const { text } = pickText(row.translations, lang);
    return { ...summary(row, lang), body: text.body };
  }

  async adminList(q: AdminContentQuery & { page: number; limit: number }): Promise<AdminContentPage> {
    let base = this.db.selectFrom('content_items');
    if (q.kind) base = base.where('kind', '=', q.kind);
    const { rows, total } = await fetchPage(base, q, (b) => b.selectAll().orderBy('id', 'desc'));
    return { list: rows.map(adminItem), total, page: q.page, limit: q.limit };
  }

  async create(input: AdminContentCreate & { published: boolean }): Promise<AdminContentItem> {
    const now = String(this.clock.now());
    const row = await this.db
      .insertInto('content_items')
      .values({
        kind: input.kind,
        translations: JSON.stringify(input.translations),
        published: input.published,
        published_at: input.published ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return adminItem(row);
  }

  /** Edits text and/or the publish flag; the first publication fixes `published_at` (list order). */
  async update(id: string, input: AdminContentUpdate): Promise<AdminContentItem> {
    if (!isRowId(id)) throw new AppError('NOT_FOUND');
    const now = String(this.clock.now());
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('content_items')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      const published = input.published ?? row.published;
      const updated = await trx
        .updateTable('content_items')
        .set({
          ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
          published,
          published_at: published && row.published_at === null ? now : row.published_at,
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return adminItem(updated);
    });
  }

  /** Seeds of the embedded default (seed step), written only into an empty table. */
  /**
   * Publishes `items` once, into an empty table. `daysAgo` dates an item back (a seeded exchange has
   * a history of announcements, not all from the minute it started); items without it are a minute
   * apart, ending now.
   */
  async seed(items: { kind: ContentKind; translations: Translations; daysAgo?: number }[]): Promise<void> {
    const any = await this.db.selectFrom('content_items').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const now = this.clock.now();
    let t = now - items.length * 60_000;
    for (const item of items) {
      t += 60_000;
      const at = item.daysAgo === undefined ? t : now - item.daysAgo * 86_400_000;
      await this.db
        .insertInto('content_items')
        .values({
          kind: item.kind,
          translations: JSON.stringify(item.translations),
          published: true,
          published_at: String(at),
          created_at: String(at),
          updated_at: String(at),
        })
        .execute();
    }
  }
}

function summary(row: Row, lang: Lang): ContentSummary {
  const picked = pickText(row.translations, lang);
  return {
    id: row.id,
    kind: row.kind,
    title: picked.text.title,
    summary: summaryOf(picked.text.body),
    lang: picked.lang,
    published_at: Number(row.published_at ?? row.created_at),
  };
}

function adminItem(row: Row): AdminContentItem {
  return {
    id: row.id,
    kind: row.kind,
    translations: readTranslations(row.translations),
    published: row.published,
    published_at: row.published_at === null ? null : Number(row.published_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
