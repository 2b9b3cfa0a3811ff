#!/usr/bin/env node
// @ts-check
// `npx @ex/verify-liabilities proof.json [--public-key HEX]`: checks a downloaded proof of
// liabilities without the exchange. Exit 0 = your balance is included under the signed root;
// 1 = it is not (the reason is printed); 2 = usage or unreadable file.
import { readFileSync } from 'node:fs';
import { formatUnits, verifyProof } from '../src/index.js';

const args = process.argv.slice(2);
const keyAt = args.indexOf('--public-key');
const expectedPublicKey = keyAt >= 0 ? args[keyAt + 1] : undefined;
const file = args.find((a, i) => !a.startsWith('--') && (keyAt < 0 || i !== keyAt + 1));
if (file === undefined || (keyAt >= 0 && expectedPublicKey === undefined)) {
  console.error('usage: verify-liabilities proof.json [--public-key HEX]');
  process.exit(2);
}
/** @type {any} */
let proof;
try {
  proof = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const result = verifyProof(proof, expectedPublicKey === undefined ? {} : { expectedPublicKey });
if (!result.ok) {
  console.log(`NOT VERIFIED: ${result.reason}`);
  process.exit(1);
}
console.log(`VERIFIED: your balance is included in snapshot ${proof.snapshot_id}`);
console.log(`root ${proof.root.hash}, signed by ${proof.public_key}`);
proof.assets.forEach((/** @type {{coin: string, scale: number}} */ a, /** @type {number} */ i) => {
  console.log(
    `  ${a.coin}: yours ${formatUnits(proof.leaf.balances[i], a.scale)} of total ${formatUnits(proof.root.sums[i], a.scale)}`,
  );
});
