// The real command a user runs: `npx @ex/verify-liabilities proof.json`, from the repository root after
// `npm ci`, with no server and no build step.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { buildTree, type LiabilityProof, pathOf, publicKeyOf, signRoot } from '../src/index.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

function sampleProof(): LiabilityProof {
  const secret = ed25519.utils.randomPrivateKey();
  const tree = buildTree(
    ['USDC', 'BTC'],
    [
      { userId: 'u1', salt: 'aa', amounts: [1_500_000n, 0n] },
      { userId: 'u2', salt: 'bb', amounts: [7n, 100_000_000n] },
      { userId: 'u3', salt: 'cc', amounts: [0n, 5n] },
    ],
  );
  const base = {
    version: 1 as const,
    snapshot_id: 's1',
    created_at: 1,
    assets: [
      { coin: 'USDC', scale: 6 },
      { coin: 'BTC', scale: 8 },
    ],
    root: { hash: tree.root.hash, sums: tree.root.sums.map(String) },
  };
  return {
    ...base,
    signature: signRoot(base, secret),
    public_key: publicKeyOf(secret),
    leaf: { user_id: 'u1', salt: 'aa', balances: ['1500000', '0'] },
    path: pathOf(tree, 'u1')!,
  };
}

async function npx(args: string[]) {
  try {
    const r = await run('npx', ['--no-install', '@ex/verify-liabilities', ...args], { cwd: ROOT });
    return { code: 0, out: r.stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe('npx @ex/verify-liabilities', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proof-'));

  it('says VERIFIED for a good proof and prints the amounts with their scale', async () => {
    const file = join(dir, 'good.json');
    const proof = sampleProof();
    writeFileSync(file, JSON.stringify(proof));
    const r = await npx([file, '--public-key', proof.public_key]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('VERIFIED');
    expect(r.out).toContain('USDC: yours 1.500000 of total 1.500007');
  });

  it('exits 1 with the reason for a tampered proof', async () => {
    const file = join(dir, 'bad.json');
    const proof = sampleProof();
    proof.leaf.balances[0] = '2500000';
    writeFileSync(file, JSON.stringify(proof));
    const r = await npx([file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('NOT VERIFIED: path does not lead to the published root');
  });

  it('exits 2 without a file', async () => {
    expect((await npx([])).code).toBe(2);
  });
});
