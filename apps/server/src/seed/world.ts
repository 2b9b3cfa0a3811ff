// The demo world of the embedded default (ADR 151): what an operator would have set up after a few
// weeks, so a newcomer sees every earn and community screen with content. Everything goes through
// the same services, request schemas and ledger moves as the operator console and the user API
// (treasury purposes funded from the chain account, pools paid from their purpose, subscriptions
// paid by the demo user), so `npm run audit` holds. Past events (an ended IEO, a closed poll, the
// check-in streak) run through the same services with a clock set back to when they happened; their
// money moves are steps of the seed's timeline (seed/timeline.ts, ADR 269), so the ledger entries
// carry that time too. What moves no money (products, polls, ads) comes before the first step.

import { randomBytes } from 'node:crypto';
import {
  AdminAiProductCreate,
  AdminDividendCreate,
  AdminMessageSend,
  AdminPollCreate,
  AdminStakingProductCreate,
  IeoProjectCreate,
  OtcAdCreate,
  type Translations,
} from '@ex/contract';
import { hashPassword } from '../account/passwords.ts';
import { AiService } from '../ai/service.ts';
import { aiDb } from '../ai/tables.ts';
import type { Clock } from '../clock.ts';
import { CheckinService } from '../community/checkin.ts';
import { MessageService } from '../community/messages.ts';
import { communityDb } from '../community/tables.ts';
import type { Services } from '../deps.ts';
import { DividendService } from '../dividend/service.ts';
import { dividendDb } from '../dividend/tables.ts';
import { earnDb } from '../exchange/tables.ts';
import { treasuriesOf } from '../exchange/treasury.ts';
import { IeoService } from '../ieo/service.ts';
import { OtcService } from '../otc/service.ts';
import { StakingService } from '../staking/service.ts';
import { stakingDb } from '../staking/tables.ts';
import { VoteService } from '../vote/service.ts';
import { SeedTimeline } from './timeline.ts';

const DAY_MS = 86_400_000;
/** The operator funded the treasury purposes this many days ago, before the first IEO round opened. */
const FUNDED_DAYS_AGO = 21;

/** Members of the demo community: they vote and share the dividend; nobody can log in as them. */
export const MEMBER_EMAILS = [
  'ana@demo.exchange.local',
  'ben@demo.exchange.local',
  'chen@demo.exchange.local',
];

const at = (ms: number): Clock => ({ now: () => ms });

type Text7 = Record<'de' | 'en' | 'es' | 'fr' | 'it' | 'zh_CN' | 'zh_TW', [string, string]>;
/** An operator text in all seven languages (ADR 243); `en` is also the text of record. */
type Names7 = Record<'de' | 'en' | 'es' | 'fr' | 'it' | 'zh_CN' | 'zh_TW', string>;
const t7 = (texts: Text7): Translations =>
  Object.fromEntries(Object.entries(texts).map(([l, [title, body]]) => [l, { title, body }])) as Translations;

const WELCOME = t7({
  de: [
    'Willkommen!',
    'Ihr Demokonto hat 10.000 USDC, 0,5 BTC und 5 ETH. Probieren Sie Handel, KI-Quant, Staking, IEO, OTC, Dividende und Abstimmungen aus.',
  ],
  en: [
    'Welcome!',
    'Your demo account holds 10,000 USDC, 0.5 BTC and 5 ETH. Try trading, AI quant, staking, IEO, OTC, the dividend plan and voting.',
  ],
  es: [
    '¡Bienvenido!',
    'Su cuenta demo tiene 10.000 USDC, 0,5 BTC y 5 ETH. Pruebe el trading, Cuant IA, staking, IEO, OTC, el plan de dividendos y las votaciones.',
  ],
  fr: [
    'Bienvenue\u00a0!',
    'Votre compte démo détient 10\u202f000 USDC, 0,5 BTC et 5 ETH. Essayez le trading, le Quant IA, le staking, l’IEO, l’OTC, le plan de dividendes et les votes.',
  ],
  it: [
    'Benvenuto!',
    'Il tuo account demo ha 10.000 USDC, 0,5 BTC e 5 ETH. Prova il trading, Quant IA, lo staking, IEO, OTC, il piano dividendi e le votazioni.',
  ],
  zh_CN: [
    '欢迎！',
    '您的演示账户持有 10,000 USDC、0.5 BTC 和 5 ETH。欢迎体验交易、AI 量化、质押、IEO、OTC、分红计划与投票。',
  ],
  zh_TW: [
    '歡迎！',
    '您的模擬帳戶持有 10,000 USDC、0.5 BTC 和 5 ETH。歡迎體驗交易、AI 量化、質押、IEO、OTC、分紅計畫與投票。',
  ],
});

const DIVIDEND_MESSAGE = t7({
  de: ['Dividende bereit', 'Ihr Anteil an der Quartalsdividende kann unter Dividendenplan abgeholt werden.'],
  en: ['Dividend ready', 'Your share of the quarterly dividend can be claimed on the Dividend plan page.'],
  es: [
    'Dividendo disponible',
    'Puede reclamar su parte del dividendo trimestral en la página Plan de dividendos.',
  ],
  fr: [
    'Dividende disponible',
    'Votre part du dividende trimestriel peut être réclamée sur la page Plan de dividendes.',
  ],
  it: [
    'Dividendo disponibile',
    'La tua quota del dividendo trimestrale può essere riscossa nella pagina Piano dividendi.',
  ],
  zh_CN: ['分红已就绪', '您的季度分红份额可在分红计划页面领取。'],
  zh_TW: ['分紅已就緒', '您的季度分紅份額可在分紅計畫頁面領取。'],
});

/** The AI quant products: a current one (redeem any day) and fixed terms. */
const AI_PRODUCTS: {
  names: Names7;
  kind: 'current' | 'fixed';
  days: number;
  lo: number;
  hi: number;
  min: string;
  max: string;
  fee: number;
}[] = [
  {
    names: {
      de: 'KI-Quant Flexibel',
      en: 'AI Quant Flexible',
      es: 'Cuant IA Flexible',
      fr: 'Quant IA Flexible',
      it: 'Quant IA Flessibile',
      zh_CN: 'AI 量化 活期',
      zh_TW: 'AI 量化 活期',
    },
    kind: 'current',
    days: 0,
    lo: 200,
    hi: 400,
    min: '10',
    max: '50000',
    fee: 0,
  },
  {
    names: {
      de: 'KI-Quant 7 Tage',
      en: 'AI Quant 7 days',
      es: 'Cuant IA 7 días',
      fr: 'Quant IA 7 jours',
      it: 'Quant IA 7 giorni',
      zh_CN: 'AI 量化 7 天',
      zh_TW: 'AI 量化 7 天',
    },
    kind: 'fixed',
    days: 7,
    lo: 400,
    hi: 700,
    min: '50',
    max: '100000',
    fee: 100,
  },
  {
    names: {
      de: 'KI-Quant 30 Tage',
      en: 'AI Quant 30 days',
      es: 'Cuant IA 30 días',
      fr: 'Quant IA 30 jours',
      it: 'Quant IA 30 giorni',
      zh_CN: 'AI 量化 30 天',
      zh_TW: 'AI 量化 30 天',
    },
    kind: 'fixed',
    days: 30,
    lo: 600,
    hi: 1000,
    min: '100',
    max: '200000',
    fee: 200,
  },
];

/** The DeFi staking products. */
const STAKING_PRODUCTS: {
  names: Names7;
  coin: string;
  days: number;
  rate: number;
  min: string;
  max: string;
}[] = [
  {
    names: {
      de: 'USDC Stabil 30 Tage',
      en: 'USDC Stable 30 days',
      es: 'USDC Estable 30 días',
      fr: 'USDC Stable 30 jours',
      it: 'USDC Stabile 30 giorni',
      zh_CN: 'USDC 稳健 30 天',
      zh_TW: 'USDC 穩健 30 天',
    },
    coin: 'USDC',
    days: 30,
    rate: 300,
    min: '10',
    max: '100000',
  },
  {
    names: {
      de: 'ETH-Staking 60 Tage',
      en: 'ETH Staking 60 days',
      es: 'Staking de ETH 60 días',
      fr: 'Staking ETH 60 jours',
      it: 'Staking ETH 60 giorni',
      zh_CN: 'ETH 质押 60 天',
      zh_TW: 'ETH 質押 60 天',
    },
    coin: 'ETH',
    days: 60,
    rate: 120,
    min: '0.1',
    max: '500',
  },
  {
    names: {
      de: 'BTC-Tresor 90 Tage',
      en: 'BTC Vault 90 days',
      es: 'Bóveda BTC 90 días',
      fr: 'Coffre BTC 90 jours',
      it: 'Cassaforte BTC 90 giorni',
      zh_CN: 'BTC 金库 90 天',
      zh_TW: 'BTC 金庫 90 天',
    },
    coin: 'BTC',
    days: 90,
    rate: 80,
    min: '0.001',
    max: '20',
  },
];

/**
 * IEO rounds in every state: ended (settled, with the demo's allotment), drawing (the demo applied,
 * not settled yet), subscribing and upcoming, days from now. Only engine assets can be delivered.
 */
const IEO_ROUNDS: Record<
  'ended' | 'drawing' | 'open' | 'upcoming',
  { coin: string; names: Names7; price: string; startDays: number; endDays: number; about: Names7 }
> = {
  ended: {
    coin: 'DOGE',
    names: {
      de: 'DOGE-Community-Runde',
      en: 'DOGE Community Round',
      es: 'Ronda comunitaria DOGE',
      fr: 'Tour communautaire DOGE',
      it: 'Round della community DOGE',
      zh_CN: 'DOGE 社区轮',
      zh_TW: 'DOGE 社群輪',
    },
    price: '0.1',
    startDays: -20,
    endDays: -12,
    about: {
      de: 'Runde beendet; die Zuteilungen wurden gutgeschrieben.',
      en: 'Closed round; allotments delivered.',
      es: 'Ronda cerrada; asignaciones entregadas.',
      fr: 'Tour clôturé\u00a0; allocations distribuées.',
      it: 'Round chiuso; assegnazioni consegnate.',
      zh_CN: '本轮已结束，配售已发放。',
      zh_TW: '本輪已結束，配售已發放。',
    },
  },
  drawing: {
    coin: 'XRP',
    names: {
      de: 'XRP-Ökosystem-Runde',
      en: 'XRP Ecosystem Round',
      es: 'Ronda del ecosistema XRP',
      fr: 'Tour écosystème XRP',
      it: 'Round ecosistema XRP',
      zh_CN: 'XRP 生态轮',
      zh_TW: 'XRP 生態輪',
    },
    price: '0.5',
    startDays: -8,
    endDays: -1,
    about: {
      de: 'Zeichnung beendet; die Zuteilung läuft.',
      en: 'Subscription closed; the draw is under way.',
      es: 'Suscripción cerrada; el sorteo está en curso.',
      fr: 'Souscription close\u00a0; le tirage est en cours.',
      it: 'Sottoscrizione chiusa; l’estrazione è in corso.',
      zh_CN: '申购已截止，正在抽签。',
      zh_TW: '申購已截止，正在抽籤。',
    },
  },
  open: {
    coin: 'SOL',
    names: {
      de: 'SOL-Startrunde',
      en: 'SOL Launch Round',
      es: 'Ronda de lanzamiento SOL',
      fr: 'Tour de lancement SOL',
      it: 'Round di lancio SOL',
      zh_CN: 'SOL 首发轮',
      zh_TW: 'SOL 首發輪',
    },
    price: '50',
    startDays: -2,
    endDays: 12,
    about: {
      de: 'Zeichnung jetzt geöffnet.',
      en: 'Subscriptions open now.',
      es: 'Suscripciones abiertas.',
      fr: 'Souscriptions ouvertes.',
      it: 'Sottoscrizioni aperte.',
      zh_CN: '现已开放申购。',
      zh_TW: '現已開放申購。',
    },
  },
  upcoming: {
    coin: 'BNB',
    names: {
      de: 'BNB-Chain-Runde',
      en: 'BNB Chain Round',
      es: 'Ronda BNB Chain',
      fr: 'Tour BNB Chain',
      it: 'Round BNB Chain',
      zh_CN: 'BNB Chain 轮',
      zh_TW: 'BNB Chain 輪',
    },
    price: '100',
    startDays: 5,
    endDays: 15,
    about: {
      de: 'Startet in Kürze.',
      en: 'Opens soon.',
      es: 'Abre pronto.',
      fr: 'Ouverture prochainement.',
      it: 'Apre a breve.',
      zh_CN: '即将开放。',
      zh_TW: '即將開放。',
    },
  },
};

/** The polls: a closed one with results and an open one; the options are tickers. */
const CLOSED_POLL_TITLE: Names7 = {
  de: 'Welcher Perpetual-Markt soll als Nächstes einen 100-fachen Hebel bekommen?',
  en: 'Which perpetual market should get 100x leverage next?',
  es: '¿Qué mercado perpetuo debería tener apalancamiento 100x a continuación?',
  fr: 'Quel marché perpétuel doit passer au levier 100x ensuite\u00a0?',
  it: 'Quale sarà il prossimo mercato perpetuo con leva 100x?',
  zh_CN: '下一个支持 100 倍杠杆的永续合约市场应该是哪个？',
  zh_TW: '下一個支援 100 倍槓桿的永續合約市場應該是哪個？',
};

const CLOSED_POLL_DESCRIPTION: Names7 = {
  de: 'Abgeschlossen. Vielen Dank für Ihre Stimme.',
  en: 'Closed. Thank you for voting.',
  es: 'Cerrada. Gracias por votar.',
  fr: 'Clôturé. Merci d’avoir voté.',
  it: 'Chiusa. Grazie per aver votato.',
  zh_CN: '已结束，感谢您的投票。',
  zh_TW: '已結束，感謝您的投票。',
};

const OPEN_POLL_TITLE: Names7 = {
  de: 'Welchen Coin sollen wir als Nächstes listen?',
  en: 'Which coin should we list next?',
  es: '¿Qué moneda deberíamos listar a continuación?',
  fr: 'Quelle crypto devons-nous lister ensuite\u00a0?',
  it: 'Quale sarà la prossima moneta da quotare?',
  zh_CN: '下一个应该上线哪个币种？',
  zh_TW: '下一個應該上架哪個幣種？',
};

const OPEN_POLL_DESCRIPTION: Names7 = {
  de: 'Zwei Wochen lang geöffnet; eine Stimme pro Konto.',
  en: 'Open for two weeks; one vote per account.',
  es: 'Abierta durante dos semanas; un voto por cuenta.',
  fr: 'Ouvert pendant deux semaines\u00a0; un vote par compte.',
  it: 'Aperta per due settimane; un voto per account.',
  zh_CN: '开放两周，每个账户限投一票。',
  zh_TW: '開放兩週，每個帳戶限投一票。',
};

/** The dividend plan's title. */
const DIVIDEND_TITLE: Names7 = {
  de: 'Quartalsdividende der Plattform',
  en: 'Quarterly platform dividend',
  es: 'Dividendo trimestral de la plataforma',
  fr: 'Dividende trimestriel de la plateforme',
  it: 'Dividendo trimestrale della piattaforma',
  zh_CN: '平台季度分红',
  zh_TW: '平台季度分紅',
};

/** Every text the world seeds, by table (the seed texts' typography test reads them). */
export const WORLD_TEXTS = {
  WELCOME,
  DIVIDEND_MESSAGE,
  AI_PRODUCTS,
  STAKING_PRODUCTS,
  IEO_ROUNDS,
  CLOSED_POLL_TITLE,
  CLOSED_POLL_DESCRIPTION,
  OPEN_POLL_TITLE,
  OPEN_POLL_DESCRIPTION,
  DIVIDEND_TITLE,
};

/** True when the world was seeded before (or an operator already set up products): seed only once. */
async function seeded(s: Services): Promise<boolean> {
  const any = await aiDb(s.db).selectFrom('ai_products').select('id').limit(1).executeTakeFirst();
  return any !== undefined;
}

/** The member accounts, created on first use (the demo's futures use one as their counterparty). */
export async function demoMembers(s: Services): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, email] of MEMBER_EMAILS.entries()) {
    const found = await s.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (found) {
      ids.push(found.id);
      continue;
    }
    const row = await s.db
      .insertInto('users')
      .values({
        email,
        phone: null,
        area_code: null,
        // A password nobody knows: these accounts exist for votes and dividend shares, not logins.
        password_hash: await hashPassword(randomBytes(24).toString('base64url')),
        trade_password_hash: null,
        nickname: email.slice(0, email.indexOf('@')),
        avatar: null,
        invite_code: `MEMB${i}${randomBytes(2).toString('hex').toUpperCase()}`,
        inviter_id: null,
        banned_at: null,
        // Joined one after another (40, 28 and 16 days ago), as friends do.
        created_at: String(s.clock.now() - (40 - 12 * i) * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * Seeds the world once, on a database whose demo user exists and is funded. Each step is an
 * operator or user action through its service; a refusal stops the start loudly (a bug, not a user
 * error: the inputs are fixed).
 */
export async function seedWorld(
  s: Services,
  demoId: string,
  tl: SeedTimeline = new SeedTimeline(s.clock),
): Promise<boolean> {
  if (await seeded(s)) return false;
  const now = s.clock.now();
  const warn = () => {};
  const treasuries = treasuriesOf(s.engine, s.config.treasuryLowWater, warn);
  const memberIds = await demoMembers(s);
  // The members joined with the demo's invitation code: /Invite lists friends, not an empty page.
  await s.db
    .updateTable('users')
    .set({ inviter_id: demoId })
    .where('id', 'in', memberIds)
    .where('inviter_id', 'is', null)
    .execute();

  // AI quant: a current product (redeem any day) and fixed terms.
  const ai = new AiService(aiDb(s.db), s.edb, s.engine, s.clock, treasuries);
  for (const p of AI_PRODUCTS) {
    await ai.createProduct(
      AdminAiProductCreate.parse({
        name: p.names.en,
        name_i18n: p.names,
        coin: 'USDC',
        kind: p.kind,
        days: p.days,
        daily_rate_min_ppm: p.lo,
        daily_rate_max_ppm: p.hi,
        min_amount: p.min,
        max_amount: p.max,
        early_fee_bp: p.fee,
      }),
    );
  }

  // DeFi staking.
  const staking = new StakingService(stakingDb(s.db), s.edb, s.engine, s.clock);
  for (const p of STAKING_PRODUCTS) {
    await staking.createProduct(
      AdminStakingProductCreate.parse({
        name: p.names.en,
        name_i18n: p.names,
        coin: p.coin,
        days: p.days,
        daily_rate_ppm: p.rate,
        min_amount: p.min,
        max_amount: p.max,
      }),
    );
  }

  // IEO projects in every state (IEO_ROUNDS).
  const project = ({ coin, names, price, startDays, endDays, about }: (typeof IEO_ROUNDS)['ended']) =>
    IeoProjectCreate.parse({
      coin,
      name: names.en,
      name_i18n: names,
      issue_amount: '1000000',
      unit_price: price,
      price_range: `${price} USDC`,
      min_quantity: '10',
      max_quantity: '100000',
      start_at: now + startDays * DAY_MS,
      end_at: now + endDays * DAY_MS,
      listing_at: now + (endDays + 2) * DAY_MS,
      announcement_at: now + (startDays - 3) * DAY_MS,
      expected_return: '',
      description: about.en,
      description_i18n: about,
    });
  const ieoAt = (ms: number) => new IeoService(s.engine, earnDb(s.db), s.edb, at(ms));
  const ieo = ieoAt(now);
  const ended = await ieo.create(project(IEO_ROUNDS.ended));
  const drawing = await ieo.create(project(IEO_ROUNDS.drawing));
  await ieo.create(project(IEO_ROUNDS.open));
  await ieo.create(project(IEO_ROUNDS.upcoming));

  // OTC desk: ads on both sides (buy = the user buys from the desk), inventory from `treasury:otc`,
  // in the currencies of the app's readers (EUR for de/es/fr/it, USD for en, CNY, TWD; the app
  // opens on the reader's own). Prices near the feed's start (BTC about 97,000 USD, ETH 3,400) at
  // fixed rates; payment methods as the region pays (codes of OTC_PAYMENT_METHODS).
  const otc = new OtcService(s.engine, earnDb(s.db), s.edb, s.clock, treasuries);
  const desks = [
    { fiat: 'EUR', methods: ['sepa', 'card'], usdc: ['0.96', '0.94'], btc: '92800.00', eth: '3215.00' },
    {
      fiat: 'USD',
      methods: ['bank_transfer', 'card'],
      usdc: ['1.01', '0.99'],
      btc: '97500.00',
      eth: '3385.00',
    },
    {
      fiat: 'CNY',
      methods: ['bank_transfer', 'alipay', 'wechat_pay'],
      usdc: ['7.20', '7.12'],
      btc: '698000.00',
      eth: '24300.00',
    },
    {
      fiat: 'TWD',
      methods: ['bank_transfer'],
      usdc: ['32.60', '32.20'],
      btc: '3158000.00',
      eth: '109600.00',
    },
  ] as const;
  for (const d of desks) {
    for (const ad of [
      { side: 'buy', coin: 'USDC', price: d.usdc[0], min: '100', max: '50000' },
      { side: 'buy', coin: 'BTC', price: d.btc, min: '0.001', max: '1' },
      { side: 'sell', coin: 'USDC', price: d.usdc[1], min: '100', max: '50000' },
      { side: 'sell', coin: 'ETH', price: d.eth, min: '0.01', max: '20' },
    ] as const) {
      await otc.createAd(
        OtcAdCreate.parse({
          ...ad,
          fiat: d.fiat,
          payment_methods: [...d.methods],
          broker_contact: 'otc-desk@exchange.local',
        }),
      );
    }
  }

  // Votes: a closed poll with results (cast while it was open) and an open one. The options are
  // tickers, the same in every language.
  const closedAt = now - 20 * DAY_MS;
  const closed = await new VoteService(s.db, at(closedAt)).create(
    AdminPollCreate.parse({
      title: CLOSED_POLL_TITLE.en,
      description: CLOSED_POLL_DESCRIPTION.en,
      title_i18n: CLOSED_POLL_TITLE,
      description_i18n: CLOSED_POLL_DESCRIPTION,
      options: ['ETH', 'SOL', 'BNB'],
      starts_at: closedAt,
      ends_at: now - 5 * DAY_MS,
    }),
  );
  const voting = new VoteService(s.db, at(now - 10 * DAY_MS));
  await voting.vote(demoId, closed.id, 0);
  for (const [i, id] of memberIds.entries()) await voting.vote(id, closed.id, i % 2);
  await new VoteService(s.db, s.clock).create(
    AdminPollCreate.parse({
      title: OPEN_POLL_TITLE.en,
      description: OPEN_POLL_DESCRIPTION.en,
      title_i18n: OPEN_POLL_TITLE,
      description_i18n: OPEN_POLL_DESCRIPTION,
      options: ['TRX', 'ADA', 'LINK', 'DOT'],
      starts_at: now - DAY_MS,
      ends_at: now + 14 * DAY_MS,
    }),
  );
  const votingNow = new VoteService(s.db, s.clock);
  const open = (await votingNow.list(null)).find((p) => p.state === 'open');
  if (open) for (const [i, id] of memberIds.entries()) await votingNow.vote(id, open.id, i % 4);

  // Messages and the check-in streak of the last five days (today is left for the user).
  const messages = new MessageService(communityDb(s.db), s.clock);
  await messages.send(AdminMessageSend.parse({ user_id: demoId, translations: WELCOME }));
  await messages.send(AdminMessageSend.parse({ user_id: demoId, translations: DIVIDEND_MESSAGE }));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (let d = 5; d >= 1; d--) {
    await new CheckinService(communityDb(s.db), at(today - d * DAY_MS + 9 * 3_600_000)).checkIn(demoId);
  }
  // The money of the world, in the seeded past (ADR 269: each step's ledger entries carry its time).
  // Treasury purposes, funded by the operator from the chain account (ADR 113) three weeks ago,
  // before the first IEO round opened.
  await tl.at(now - FUNDED_DAYS_AGO * DAY_MS, async () => {
    await treasuries.fund('earn', 'USDC', '500000', 'chain');
    // Staking pays its interest in the staked coin from the same purpose.
    await treasuries.fund('earn', 'ETH', '50', 'chain');
    await treasuries.fund('earn', 'BTC', '2', 'chain');
    await treasuries.fund('dividend', 'USDC', '20000', 'chain');
    await treasuries.fund('otc', 'USDC', '500000', 'chain');
    await treasuries.fund('otc', 'BTC', '10', 'chain');
    await treasuries.fund('otc', 'ETH', '200', 'chain');
    // The flash exchange pays out of its own float (ADR 113): without it every quote is refused.
    for (const [coin, amount] of [
      ['USDC', '500000'],
      ['BTC', '10'],
      ['ETH', '200'],
      ['SOL', '5000'],
      ['BNB', '1000'],
      ['XRP', '500000'],
      ['DOGE', '2000000'],
    ] as const)
      await treasuries.fund('flash', coin, amount, 'chain');
  });
  // The demo's IEO subscriptions: the ended round settled a day after it closed, the drawing one not.
  await tl.at(now - 15 * DAY_MS, () => ieoAt(now - 15 * DAY_MS).subscribe(demoId, ended.id, '1000'));
  const settledAt = now - 11 * DAY_MS;
  await tl.at(settledAt, () => ieoAt(settledAt).settle(ended.id));
  await tl.at(now - 3 * DAY_MS, () => ieoAt(now - 3 * DAY_MS).subscribe(demoId, drawing.id, '100'));
  // Dividend plan: a funded pool (from `treasury:dividend`) with a claimable share for the demo.
  await tl.at(now, async () => {
    const dividends = new DividendService(dividendDb(s.db), s.edb, s.engine, s.clock);
    await dividends.create(
      AdminDividendCreate.parse({
        title: DIVIDEND_TITLE.en,
        title_i18n: DIVIDEND_TITLE,
        coin: 'USDC',
        allocations: [
          { user_id: demoId, amount: '25.5' },
          ...memberIds.map((id, i) => ({ user_id: id, amount: String(40 + i * 15) })),
        ],
      }),
    );
  });
  return true;
}
