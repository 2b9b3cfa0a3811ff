import { ed25519 } from '@noble/curves/ed25519';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  type LiabilityProof,
  type LiabilityTree,
  pathOf,
  publicKeyOf,
  signRoot,
  verifyProof,
} from '../src/index.js';

const ASSETS = [
  { coin: 'USDC', scale: 6 },
  { coin: 'BTC', scale: 8 },
];
const SECRET = ed25519.utils.randomPrivateKey();

const leafArb = fc.record({
  userId: fc.string({ minLength: 1, maxLength: 12 }),
  salt: fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('hex')),
  amounts: fc.tuple(fc.bigInt(0n, 10n ** 15n), fc.bigInt(0n, 10n ** 12n)),
});
const leavesArb = fc.uniqueArray(leafArb, { minLength: 1, maxLength: 40, selector: (l) => l.userId });

function proofFor(tree: LiabilityTree, userId: string, leaf: { salt: string; amounts: readonly bigint[] }) {
  const base = {
    version: 1 as const,
    snapshot_id: 'snap-1',
    created_at: 1_700_000_000_000,
    assets: ASSETS,
    root: { hash: tree.root.hash, sums: tree.root.sums.map(String) },
  };
  const proof: LiabilityProof = {
    ...base,
    signature: signRoot(base, SECRET),
    public_key: publicKeyOf(SECRET),
    leaf: { user_id: userId, salt: leaf.salt, balances: leaf.amounts.map(String) },
    path: pathOf(tree, userId)!,
  };
  return proof;
}

const clone = (p: LiabilityProof): LiabilityProof => JSON.parse(JSON.stringify(p));

describe('merkle-sum tree of liabilities', () => {
  it('verifies for every leaf, and the root sums are the totals per asset', () => {
    fc.assert(
      fc.property(leavesArb, (leaves) => {
        const tree = buildTree(
          ASSETS.map((a) => a.coin),
          leaves,
        );
        const totals = ASSETS.map((_, i) => leaves.reduce((s, l) => s + l.amounts[i]!, 0n));
        expect(tree.root.sums).toEqual(totals);
        for (const l of leaves) expect(verifyProof(proofFor(tree, l.userId, l))).toEqual({ ok: true });
      }),
      { numRuns: 60 },
    );
  });

  it('breaks when any leaf amount, salt, user id, sibling hash, sibling sum or root sum changes', () => {
    fc.assert(
      fc.property(
        leavesArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt(1n, 10n ** 9n),
        fc.constantFrom('leaf', 'salt', 'user', 'hash', 'sum', 'root', 'side'),
        (leaves, pick, stepPick, delta, what) => {
          const tree = buildTree(
            ASSETS.map((a) => a.coin),
            leaves,
          );
          const l = leaves[pick % leaves.length]!;
          const p = clone(proofFor(tree, l.userId, l));
          const asset = pick % ASSETS.length;
          if (what === 'leaf') p.leaf.balances[asset] = (BigInt(p.leaf.balances[asset]!) + delta).toString();
          else if (what === 'salt') p.leaf.salt = `${p.leaf.salt}0`;
          else if (what === 'user') p.leaf.user_id = `${p.leaf.user_id}x`;
          else if (what === 'root') p.root.sums[asset] = (BigInt(p.root.sums[asset]!) + delta).toString();
          else {
            // A single-leaf tree has no path: there the change goes to the leaf instead.
            const step = p.path[stepPick % Math.max(1, p.path.length)];
            if (step === undefined)
              p.leaf.balances[asset] = (BigInt(p.leaf.balances[asset]!) + delta).toString();
            else if (what === 'hash') step.hash = step.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
            else if (what === 'sum') step.sums[asset] = (BigInt(step.sums[asset]!) + delta).toString();
            else step.side = step.side === 'left' ? 'right' : 'left';
          }
          expect(verifyProof(p).ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cannot move an amount from a sibling into the leaf while keeping the root sums', () => {
    const leaves = [
      { userId: 'a', salt: '00', amounts: [100n, 0n] },
      { userId: 'b', salt: '01', amounts: [50n, 0n] },
    ];
    const tree = buildTree(['USDC', 'BTC'], leaves);
    const p = clone(proofFor(tree, 'a', leaves[0]!));
    p.leaf.balances[0] = '120';
    p.path[0]!.sums[0] = '30';
    expect(verifyProof(p)).toEqual({ ok: false, reason: 'path does not lead to the published root' });
  });

  it('refuses a negative leaf, and a proof with a negative sibling sum', () => {
    expect(() => buildTree(['USDC'], [{ userId: 'a', salt: '00', amounts: [-1n] }])).toThrow(/negative/);
    const tree = buildTree(
      ['USDC', 'BTC'],
      [
        { userId: 'a', salt: '00', amounts: [1n, 0n] },
        { userId: 'b', salt: '01', amounts: [1n, 0n] },
      ],
    );
    const p = clone(proofFor(tree, 'a', { salt: '00', amounts: [1n, 0n] }));
    p.path[0]!.sums[0] = '-1';
    expect(verifyProof(p).ok).toBe(false);
  });

  it('checks the signature and the pinned public key', () => {
    const tree = buildTree(['USDC', 'BTC'], [{ userId: 'a', salt: '00', amounts: [1n, 2n] }]);
    const p = proofFor(tree, 'a', { salt: '00', amounts: [1n, 2n] });
    expect(verifyProof(p, { expectedPublicKey: p.public_key }).ok).toBe(true);
    const other = publicKeyOf(ed25519.utils.randomPrivateKey());
    expect(verifyProof(p, { expectedPublicKey: other }).ok).toBe(false);
    const resigned = clone(p);
    resigned.created_at += 1;
    expect(verifyProof(resigned)).toEqual({ ok: false, reason: 'bad signature' });
  });
});
