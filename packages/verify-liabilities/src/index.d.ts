// Types of index.js (plain JavaScript so the bin runs without a build step; ADR 140).

export declare const PROOF_VERSION: 1;

export interface TreeNode {
  hash: string;
  /** Per asset, in the tree's asset order, in the asset's smallest unit. */
  sums: bigint[];
}

export interface LiabilityTree {
  assets: string[];
  /** levels[0] are the leaves (sorted by hash, padded to a power of two); the last level is [root]. */
  levels: TreeNode[][];
  /** user id -> position among the leaves. */
  index: Map<string, number>;
  root: TreeNode;
}

export interface LeafInput {
  userId: string;
  salt: string;
  amounts: readonly bigint[];
}

export interface PathStep {
  /** Where the sibling sits. */
  side: 'left' | 'right';
  hash: string;
  sums: string[];
}

export interface ProofAsset {
  coin: string;
  scale: number;
}

/** What a user downloads and what `verify-liabilities` checks. Amounts in smallest units. */
export interface LiabilityProof {
  version: 1;
  snapshot_id: string;
  created_at: number;
  assets: ProofAsset[];
  root: { hash: string; sums: string[] };
  signature: string;
  public_key: string;
  leaf: { user_id: string; salt: string; balances: string[] };
  path: PathStep[];
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export declare function leafHash(salt: string, userId: string, amounts: readonly bigint[]): string;
export declare function nodeHash(
  left: { hash: string; sums: readonly bigint[] },
  right: { hash: string; sums: readonly bigint[] },
): string;
export declare function buildTree(assets: readonly string[], leaves: readonly LeafInput[]): LiabilityTree;
export declare function pathOf(tree: LiabilityTree, userId: string): PathStep[] | undefined;
export declare function signedMessage(p: {
  snapshot_id: string;
  created_at: number;
  assets: readonly ProofAsset[];
  root: { hash: string; sums: readonly string[] };
}): Uint8Array;
export declare function signRoot(p: Parameters<typeof signedMessage>[0], secretKey: Uint8Array): string;
export declare function publicKeyOf(secretKey: Uint8Array): string;
export declare function verifyProof(input: unknown, options?: { expectedPublicKey?: string }): VerifyResult;
export declare function formatUnits(units: string, scale: number): string;
