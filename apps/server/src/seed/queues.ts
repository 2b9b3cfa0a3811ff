// The operator's queues of the demo (ADR 230): after `npm start` the console's identity review and
// withdrawal review have work in them, with some history behind it, as on a real exchange. The
// members do what a user does and the operator what an operator does, each through its service,
// with the clock set back to when it happened (like world.ts):
//
// - ana: identity approved 11 days ago; trade password (with the e-mailed code) and a bank card in
//   her verified name; 2,500 USDC arrive on chain; one withdrawal approved and paid, two waiting.
// - ben: identity rejected 5 days ago (blurred photo), sent again yesterday: waiting.
// - chen: identity sent a few hours ago: waiting.
//
// Withdrawing needs a verified identity, a trade password and a bank card (gates/), so only ana can.
// The operator's three decisions (ana approved, ben rejected, ana's withdrawal approved) are in the
// audit log as the console's calls would have left them, dated when they were made (ADR 256).
// The deposits and withdrawals move money as steps of the seed's timeline (seed/timeline.ts,
// ADR 269), so their ledger entries carry the time of their records.

import { randomBytes } from 'node:crypto';
import {
  AdminKycItem,
  AdminWithdrawal,
  BankCardRequest,
  decimalToUnits,
  KycSubmitRequest,
  TradePasswordRequest,
  WithdrawRequest,
} from '@ex/contract';
import { CodeService, targetOf } from '../account/codes.ts';
import { type OutgoingMessage, outboxSender } from '../account/sender.ts';
import { BankCardService } from '../bank/service.ts';
import { DepositService } from '../chain/deposits.ts';
import { chainDb } from '../chain/tables.ts';
import type { ChainDomain } from '../chain/wiring.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../deps.ts';
import { privateUploadKey } from '../files/store.ts';
import { fileStoreOf } from '../files/wiring.ts';
import { KycService } from '../kyc/service.ts';
import { kycDb } from '../kyc/tables.ts';
import { sniffImage } from '../system/upload.ts';
import { UploadQuota } from '../system/upload-quota.ts';
import { WithdrawService } from '../withdraw/service.ts';
import { type DemoLook, documentBack, documentFront, selfie } from './images.ts';
import { asOperator, seedOperator } from './operator.ts';
import { SeedTimeline } from './timeline.ts';
import { demoMembers, MEMBER_EMAILS } from './world.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (ms: number): Clock => ({ now: () => ms });

/** Where ana's withdrawals go: the TRON documentation's example address (a valid checksum). */
const PAYOUT_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

type Identity = Omit<KycSubmitRequest, 'front_image' | 'back_image' | 'face_image'>;

const ANA: Identity = {
  country: 'ES',
  family_name: 'García López',
  given_name: 'Ana',
  document_type: 'id_card',
  document_number: '48213375K',
};
const BEN: Identity = {
  country: 'DE',
  family_name: 'Becker',
  given_name: 'Benjamin',
  document_type: 'id_card',
  document_number: 'L01X00T47',
};
const CHEN: Identity = {
  country: 'CN',
  family_name: '陈',
  given_name: '伟',
  document_type: 'passport',
  document_number: 'E45218093',
};

const LOOKS: DemoLook[] = [
  { accent: [168, 44, 56], skin: [226, 186, 152], hair: [58, 38, 28], seed: 11 },
  { accent: [31, 97, 160], skin: [238, 204, 178], hair: [176, 132, 72], seed: 23 },
  { accent: [38, 110, 78], skin: [232, 198, 160], hair: [28, 26, 30], seed: 37 },
];

/** The reason ben reads, written by the operator (free text, like any operator's). */
const REJECT_REASON = 'The photo of the front side is blurred; please send a sharper picture.';

/** True once any member applied for verification: the queues were seeded (or members acted). */
async function queuesSeeded(s: Services, memberIds: string[]): Promise<boolean> {
  const any = await kycDb(s.db)
    .selectFrom('kyc_applications')
    .select('id')
    .where('user_id', 'in', memberIds)
    .limit(1)
    .executeTakeFirst();
  return any !== undefined;
}

/**
 * A private upload, stored as the upload route stores one (system/upload.ts `saveUpload`, with
 * `?purpose=kyc`) once the multipart body is read: the type sniffed, the free space and the
 * member's quota checked and the upload recorded for them, then the file written.
 */
async function uploadPrivate(
  s: Services,
  quota: UploadQuota,
  userId: string,
  bytes: Buffer,
): Promise<string> {
  if (sniffImage(bytes) === null) throw new Error('demo image is not an image');
  const path = randomBytes(16).toString('hex');
  await quota.checkDisk(bytes.length);
  await quota.reserve(userId, path, bytes.length);
  try {
    // Through the file store (ADR 240): in a cluster every gateway serves the seeded images too.
    await fileStoreOf(s).put(privateUploadKey(path), bytes, { private: true });
  } catch (error) {
    await quota.release(path);
    throw error;
  }
  return path;
}

/** A member sends their identity with pictures of the document and a selfie, at `ms`. */
async function applyForVerification(
  s: Services,
  userId: string,
  identity: Identity,
  look: DemoLook,
  ms: number,
): Promise<string> {
  const quota = new UploadQuota(s.db, fileStoreOf(s).diskDir, s.config.uploads, () => ms);
  const upload = (bytes: Buffer) => uploadPrivate(s, quota, userId, bytes);
  const front_image = await upload(documentFront(look));
  const back_image = identity.document_type === 'passport' ? undefined : await upload(documentBack(look));
  const face_image = await upload(selfie(look));
  const info = await new KycService(kycDb(s.db), at(ms)).submit(
    userId,
    KycSubmitRequest.parse({ ...identity, front_image, face_image, ...(back_image ? { back_image } : {}) }),
  );
  return info.id!;
}

/**
 * Sets a trade password the way the app does: a security code goes to the member's address (it
 * lands in the operator's outbox like every code of the embedded default), the member types it in.
 */
async function setTradePassword(s: Services, userId: string, email: string, password: string) {
  let sent: OutgoingMessage | undefined;
  const codes = new CodeService(s.db, s.clock, {
    deliver: async (message) => {
      sent = message;
      return outboxSender.deliver(message);
    },
  });
  await codes.send(targetOf('email', email), 'security', 'en');
  await s.accounts.setTradePassword(
    userId,
    TradePasswordRequest.parse({ password, password_confirmation: password, code: sent?.code }),
    () => s.totp.verifyIfEnabled(userId, undefined),
  );
}

/**
 * Seeds the queues once, after the demo world (members exist, the operator too). A refusal of a
 * service stops the start loudly, as in world.ts: the inputs are fixed, so it is a bug.
 * Answers false when there was nothing to do (seeded before, or no operator to review).
 */
export async function seedQueues(
  s: Services,
  chain: ChainDomain,
  demoId?: string,
  tl: SeedTimeline = new SeedTimeline(s.clock),
): Promise<boolean> {
  const memberIds = await demoMembers(s);
  if (await queuesSeeded(s, memberIds)) return false;
  const operator = await seedOperator(s);
  if (operator === undefined) return false;
  const [anaId, benId, chenId] = memberIds as [string, string, string];
  const [anaEmail] = MEMBER_EMAILS as [string];
  const [anaLook, benLook, chenLook] = LOOKS as [DemoLook, DemoLook, DemoLook];
  const now = s.clock.now();
  const review = (ms: number) => new KycService(kycDb(s.db), at(ms));
  /** The operator decides an application at `ms`, as `POST /api/admin/kyc/:id/<verb>` does. */
  const decide = (ms: number, id: string, verb: 'approve' | 'reject') =>
    asOperator(
      s,
      operator,
      ms,
      { url: `/api/admin/kyc/:id/${verb}`, id, table: 'kyc_applications' },
      () =>
        review(ms).review(
          id,
          operator.id,
          verb === 'approve' ? { status: 'passed' } : { status: 'failed', reason: REJECT_REASON },
        ),
      (item) => AdminKycItem.parse(item),
    );

  // ana: verified long ago, so she can withdraw.
  const anaApplication = await applyForVerification(s, anaId, ANA, anaLook, now - 12 * DAY_MS);
  await decide(now - 11 * DAY_MS, anaApplication, 'approve');
  // ben: rejected, then sent again; chen: sent today. Both wait for the operator.
  const benFirst = await applyForVerification(s, benId, BEN, benLook, now - 6 * DAY_MS);
  await decide(now - 5 * DAY_MS, benFirst, 'reject');
  await applyForVerification(s, benId, BEN, { ...benLook, seed: benLook.seed + 1 }, now - DAY_MS);
  await applyForVerification(s, chenId, CHEN, chenLook, now - 3 * HOUR_MS);

  // Withdrawals need the chain the demo simulates (CHAIN=tron has no operator-made deposits).
  if (chain.simulated === null) return true;

  // ana's gates: a trade password (nobody logs in as her, so nobody needs to know it) and a card.
  const tradePassword = `Ana${randomBytes(12).toString('hex')}7`;
  await setTradePassword(s, anaId, anaEmail, tradePassword);
  const anaKyc = review(now - 10 * DAY_MS);
  await new BankCardService(kycDb(s.db), at(now - 10 * DAY_MS), anaKyc).add(
    anaId,
    BankCardRequest.parse({
      bank_name: 'Banco Demo',
      card_number: '4111111111111111',
      holder_name: `${ANA.given_name} ${ANA.family_name}`,
    }),
  );

  // 2,500 USDC arrive at her deposit address, as the operator's simulated-deposit route does it.
  const arrivedAt = now - 3 * DAY_MS;
  const deposits = new DepositService(chainDb(s.db), s.edb, s.engine, chain.hd, at(arrivedAt));
  const { address } = await deposits.address(anaId);
  const transfer = {
    txid: randomBytes(32).toString('hex'),
    from: null,
    to: address,
    amount: decimalToUnits('2500', 6),
    confirmed: true,
  };
  chain.simulated.arrive(transfer, arrivedAt);
  await tl.at(arrivedAt, () => deposits.receive(transfer));
  // The demo's deposit history has a record too: 1,500 USDC arrived two days ago the same way (its
  // starting funds are minted `seed-` deposits, which have no chain record behind them).
  if (demoId !== undefined) {
    const demoAt = now - 2 * DAY_MS;
    const demoDeposits = new DepositService(chainDb(s.db), s.edb, s.engine, chain.hd, at(demoAt));
    const demoTransfer = {
      txid: randomBytes(32).toString('hex'),
      from: null,
      to: (await demoDeposits.address(demoId)).address,
      amount: decimalToUnits('1500', 6),
      confirmed: true,
    };
    chain.simulated.arrive(demoTransfer, demoAt);
    await tl.at(demoAt, () => demoDeposits.receive(demoTransfer));
  }

  // One withdrawal approved and paid two days ago, two waiting for review.
  const withdrawals = (ms: number) =>
    new WithdrawService(
      s.db,
      chainDb(s.db),
      s.engine,
      s.idempotency,
      chain.chain,
      at(ms),
      s.config,
      () => {},
      (userId, body) => s.protection.checkWithdrawal(userId, body),
    );
  // Each a step of the seeded past (ADR 269): the frozen amount's ledger entries carry its time.
  const withdraw = (ms: number, amount: string) =>
    tl.at(ms, () =>
      withdrawals(ms).request(
        anaId,
        WithdrawRequest.parse({
          coin: 'USDC',
          network: 'TRC20',
          address: PAYOUT_ADDRESS,
          amount,
          trade_password: tradePassword,
        }),
        undefined,
      ),
    );
  const paid = await withdraw(now - 2 * DAY_MS, '800');
  const approvedAt = now - 2 * DAY_MS + HOUR_MS;
  await tl.at(approvedAt, () =>
    asOperator(
      s,
      operator,
      approvedAt,
      { url: '/api/admin/withdrawals/:id/approve', id: paid.id, table: 'withdrawals' },
      () => withdrawals(approvedAt).approve(paid.id, operator.id),
      (w) => AdminWithdrawal.parse(w),
    ),
  );
  await withdraw(now - 5 * HOUR_MS, '250');
  await withdraw(now - 40 * 60_000, '1200');
  return true;
}
