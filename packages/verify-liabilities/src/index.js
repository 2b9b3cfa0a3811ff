// @ts-check
// The Merkle-sum tree of the exchange's liabilities and its verifier (ADR 140).
//
// Plain JavaScript with JSDoc on purpose: the `verify-liabilities` bin must run with nothing but Node
// after `npm ci` (no build step, no TypeScript loader), and the server, the web app and the CLI must
// all run this exact code. `index.d.ts` beside it gives TypeScript callers the types; `tsc` checks
// this file against its JSDoc (checkJs).
//
// No I/O here: building, hashing and verifying are pure functions of their inputs.

import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

export const PROOF_VERSION = 1;
/** Domain tag of the signed message: a signature over a root can never pass for anything else. */
const SIGNED_TAG = 'ex-liabilities-v1';
const AMOUNT = /^(0|[1-9][0-9]*)$/;
const HASH = /^[0-9a-f]{64}$/;

/**
 * Every hash input is a JSON array: JSON quoting makes the encoding unambiguous (no two different
 * inputs give the same bytes), which a concatenation with separators would not guarantee.
 * @param {unknown[]} parts
 * @returns {string}
 */
function h(parts) {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(parts))));
}

/**
 * The leaf commits to the salt (so nobody can test a guessed user id and balance against the
 * tree), the user id and every asset amount in the snapshot's asset order.
 * @param {string} salt @param {string} userId @param {readonly bigint[]} amounts
 */
export function leafHash(salt, userId, amounts) {
  return h(['L', salt, userId, amounts.map(String)]);
}

/**
 * A node commits to both children's hashes AND their sums: moving an amount from one branch to
 * another changes the hash, so a user's path pins the sums all the way up.
 * @param {{hash: string, sums: readonly bigint[]}} left @param {{hash: string, sums: readonly bigint[]}} right
 */
export function nodeHash(left, right) {
  return h(['N', left.hash, left.sums.map(String), right.hash, right.sums.map(String)]);
}

/** Padding up to a power of two: zero sums, a hash no leaf or node can have (its own tag). */
const EMPTY_HASH = h(['E']);

/**
 * @param {readonly bigint[]} a @param {readonly bigint[]} b
 * @returns {bigint[]}
 */
function add(a, b) {
  return a.map((x, i) => x + /** @type {bigint} */ (b[i]));
}

/**
 * Builds the tree. Refuses (throws) a negative amount: a negative leaf would lower the sums and hide
 * other users' balances. What to do with an account that is negative is the caller's decision
 * (ADR 140: counted as zero, never published negative).
 * @param {readonly string[]} assets
 * @param {readonly {userId: string, salt: string, amounts: readonly bigint[]}[]} leaves
 * @returns {import('./index.d.ts').LiabilityTree}
 */
export function buildTree(assets, leaves) {
  if (new Set(assets).size !== assets.length) throw new Error('duplicate asset');
  const seen = new Set();
  /** @type {{hash: string, sums: bigint[]}[]} */
  let level = leaves.map((l) => {
    if (seen.has(l.userId)) throw new Error(`duplicate user ${l.userId}`);
    seen.add(l.userId);
    if (l.amounts.length !== assets.length) throw new Error(`leaf of ${l.userId}: wrong number of amounts`);
    for (const a of l.amounts) if (a < 0n) throw new Error(`leaf of ${l.userId}: negative amount`);
    return { hash: leafHash(l.salt, l.userId, l.amounts), sums: [...l.amounts] };
  });
  // Leaves sorted by hash: a position in the tree says nothing about the user (salted hashes are random).
  const order = level.map((n, i) => ({ n, i })).sort((a, b) => (a.n.hash < b.n.hash ? -1 : 1));
  level = order.map((o) => o.n);
  const index = new Map(order.map((o, pos) => [/** @type {string} */ (leaves[o.i]?.userId), pos]));
  const zero = assets.map(() => 0n);
  let width = 1;
  while (width < level.length) width *= 2;
  while (level.length < width) level.push({ hash: EMPTY_HASH, sums: zero });
  const levels = [level];
  while (level.length > 1) {
    /** @type {{hash: string, sums: bigint[]}[]} */
    const next = [];
    for (let i = 0; i < level.length; i += 2) {
      const l = /** @type {{hash: string, sums: bigint[]}} */ (level[i]);
      const r = /** @type {{hash: string, sums: bigint[]}} */ (level[i + 1]);
      next.push({ hash: nodeHash(l, r), sums: add(l.sums, r.sums) });
    }
    levels.push(next);
    level = next;
  }
  const root = /** @type {{hash: string, sums: bigint[]}} */ (level[0]);
  return { assets: [...assets], levels, index, root };
}

/**
 * The path of one user's leaf: the sibling at every level, bottom up, with its side.
 * @param {import('./index.d.ts').LiabilityTree} tree @param {string} userId
 * @returns {import('./index.d.ts').PathStep[] | undefined}
 */
export function pathOf(tree, userId) {
  let pos = tree.index.get(userId);
  if (pos === undefined) return undefined;
  /** @type {import('./index.d.ts').PathStep[]} */
  const path = [];
  for (const level of tree.levels.slice(0, -1)) {
    const sibling = /** @type {{hash: string, sums: bigint[]}} */ (level[pos ^ 1]);
    path.push({ side: pos % 2 === 0 ? 'right' : 'left', hash: sibling.hash, sums: sibling.sums.map(String) });
    pos = Math.floor(pos / 2);
  }
  return path;
}

/**
 * The bytes the exchange signs: the snapshot's identity, its assets, the root hash and sums.
 * @param {{snapshot_id: string, created_at: number, assets: readonly {coin: string, scale: number}[], root: {hash: string, sums: readonly string[]}}} p
 */
export function signedMessage(p) {
  return utf8ToBytes(
    JSON.stringify([
      SIGNED_TAG,
      p.snapshot_id,
      p.created_at,
      p.assets.map((a) => [a.coin, a.scale]),
      p.root.hash,
      [...p.root.sums],
    ]),
  );
}

/**
 * @param {Parameters<typeof signedMessage>[0]} p @param {Uint8Array} secretKey
 * @returns {string} hex signature
 */
export function signRoot(p, secretKey) {
  return bytesToHex(ed25519.sign(signedMessage(p), secretKey));
}

/** @param {Uint8Array} secretKey */
export function publicKeyOf(secretKey) {
  return bytesToHex(ed25519.getPublicKey(secretKey));
}

/**
 * @param {unknown} v
 * @returns {v is string}
 */
const isAmount = (v) => typeof v === 'string' && AMOUNT.test(v);
/**
 * @param {unknown} v
 * @returns {v is string[]}
 */
const isAmounts = (v) => Array.isArray(v) && v.every(isAmount);

/**
 * Checks a proof with nothing but its own content: the leaf hashes up through the path to the
 * signed root, every sum on the way is a non-negative integer, and each node's sums are its
 * children's. `expectedPublicKey`, when given, must be the key the proof names (a user should pin
 * the key the exchange publishes, not trust the one inside the file).
 * @param {unknown} input
 * @param {{expectedPublicKey?: string}} [options]
 * @returns {import('./index.d.ts').VerifyResult}
 */
export function verifyProof(input, options = {}) {
  /** @param {string} reason @returns {import('./index.d.ts').VerifyResult} */
  const fail = (reason) => ({ ok: false, reason });
  if (typeof input !== 'object' || input === null) return fail('not a proof');
  const p = /** @type {Record<string, any>} */ (input);
  if (p.version !== PROOF_VERSION) return fail(`unsupported version ${String(p.version)}`);
  if (typeof p.snapshot_id !== 'string' || !Number.isSafeInteger(p.created_at)) return fail('bad snapshot');
  const assets = p.assets;
  if (
    !Array.isArray(assets) ||
    assets.length === 0 ||
    !assets.every((a) => typeof a?.coin === 'string' && Number.isSafeInteger(a?.scale) && a.scale >= 0)
  )
    return fail('bad assets');
  const n = assets.length;
  const leaf = p.leaf;
  if (typeof leaf?.user_id !== 'string' || typeof leaf?.salt !== 'string') return fail('bad leaf');
  if (!isAmounts(leaf.balances) || leaf.balances.length !== n) return fail('bad leaf balances');
  const root = p.root;
  if (
    typeof root?.hash !== 'string' ||
    !HASH.test(root.hash) ||
    !isAmounts(root.sums) ||
    root.sums.length !== n
  )
    return fail('bad root');
  if (!Array.isArray(p.path) || p.path.length > 64) return fail('bad path');
  if (typeof p.public_key !== 'string' || typeof p.signature !== 'string') return fail('missing signature');
  if (options.expectedPublicKey !== undefined && options.expectedPublicKey !== p.public_key)
    return fail('signed by another key than the published one');

  /** @type {{hash: string, sums: bigint[]}} */
  let node = {
    hash: leafHash(leaf.salt, leaf.user_id, leaf.balances.map(BigInt)),
    sums: leaf.balances.map(BigInt),
  };
  for (const step of p.path) {
    if (step?.side !== 'left' && step?.side !== 'right') return fail('bad path step');
    if (typeof step.hash !== 'string' || !HASH.test(step.hash)) return fail('bad path hash');
    // Non-negative by the pattern: a negative sibling sum would hide liabilities elsewhere.
    if (!isAmounts(step.sums) || step.sums.length !== n) return fail('bad or negative path sums');
    const sibling = { hash: step.hash, sums: step.sums.map(BigInt) };
    const [l, r] = step.side === 'right' ? [node, sibling] : [sibling, node];
    node = { hash: nodeHash(l, r), sums: add(l.sums, r.sums) };
  }
  if (node.hash !== root.hash) return fail('path does not lead to the published root');
  if (node.sums.some((s, i) => s.toString() !== root.sums[i])) return fail('sums do not add up to the root');
  let signatureOk = false;
  try {
    signatureOk = ed25519.verify(
      hexToBytes(p.signature),
      signedMessage({ snapshot_id: p.snapshot_id, created_at: p.created_at, assets, root }),
      hexToBytes(p.public_key),
    );
  } catch {
    signatureOk = false;
  }
  if (!signatureOk) return fail('bad signature');
  return { ok: true };
}

/**
 * An integer amount in smallest units as a decimal string with the asset's scale ("1500000", 6 ->
 * "1.500000"). For display only; never parsed back.
 * @param {string} units @param {number} scale
 */
export function formatUnits(units, scale) {
  if (scale === 0) return units;
  const s = units.padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}
