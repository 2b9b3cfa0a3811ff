// Deposit addresses come from one master seed: m/44'/195'/0'/0/<user index> (BIP44, coin type 195
// = TRON). The seed is a BIP39 mnemonic from CHAIN_MNEMONIC, or generated once into DATA_DIR; the
// simulated chain derives exactly the same addresses, so switching to CHAIN=tron keeps them.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { addressOfPublicKey } from './address.ts';

export const DEPOSIT_PATH = "m/44'/195'/0'/0";
/** The withdrawal hot wallet: another account of the same seed, never a user index. */
export const HOT_WALLET_PATH = "m/44'/195'/1'/0/0";
const MAX_INDEX = 0x7fffffff;

export class HdWallet {
  private readonly root: HDKey;
  private readonly deposits: HDKey;

  constructor(mnemonic: string) {
    if (!validateMnemonic(mnemonic, wordlist))
      throw new Error('CHAIN_MNEMONIC is not a valid BIP39 mnemonic');
    this.root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
    this.deposits = this.root.derive(DEPOSIT_PATH);
  }

  depositAddress(index: number): string {
    return addressOfPublicKey(this.depositKey(index).publicKey!);
  }

  /** For sweeping deposits later; never leaves the process. */
  depositKey(index: number): HDKey {
    if (!Number.isSafeInteger(index) || index < 0 || index > MAX_INDEX) throw new Error(`bad index ${index}`);
    return this.deposits.deriveChild(index);
  }

  hotWalletKey(): Uint8Array {
    return this.root.derive(HOT_WALLET_PATH).privateKey!;
  }

  hotWalletAddress(): string {
    return addressOfPublicKey(this.root.derive(HOT_WALLET_PATH).publicKey!);
  }
}

/** CHAIN_MNEMONIC when set, else `<dataDir>/chain/mnemonic`, generated (256 bits) on first start. */
export function loadMnemonic(dataDir: string, configured: string | undefined): string {
  if (configured !== undefined && configured.trim() !== '') return configured.trim().split(/\s+/).join(' ');
  const file = join(dataDir, 'chain', 'mnemonic');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const mnemonic = generateMnemonic(wordlist, 256);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${mnemonic}\n`, { mode: 0o600, flag: 'wx' });
  return mnemonic;
}
