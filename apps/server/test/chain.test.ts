import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex } from '@noble/hashes/utils';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/account/passwords.ts';
import {
  addressOfPrivateKey,
  addressOfPublicKey,
  addressToHex,
  decodeAddress,
  hexToAddress,
  isTronAddress,
} from '../src/chain/address.ts';
import { HdWallet, loadMnemonic } from '../src/chain/hd.ts';
import { MAINNET_USDC, TronHttpChain } from '../src/chain/tron-http.ts';
import { chainDomainOf } from '../src/chain/wiring.ts';
import { FakeTronNode } from './helpers/fake-tron.ts';
import { BACKENDS, registerUser, type TestApp, testApp } from './helpers/testApp.ts';

// BIP39's all-"abandon" test mnemonic: public, never holds funds.
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('TRON addresses', () => {
  it('derives the address of private key 1 from the Ethereum-known hash 7e5f...5bdf', () => {
    const one = new Uint8Array(32);
    one[31] = 1;
    const address = addressOfPrivateKey(one);
    // keccak256 of G's coordinates ends in 7e5f4552...5bdf (the well-known Ethereum address of key 1).
    expect(addressToHex(address)).toBe('417e5f4552091a69125d5dfcb7b8c2659029395bdf');
    expect(address).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    // Compressed and uncompressed public keys give the same address.
    expect(addressOfPublicKey(secp256k1.getPublicKey(one, true))).toBe(address);
  });

  it('matches the TRON documentation example and published mainnet contracts', () => {
    expect(hexToAddress('418840E6C55B9ADA326D211D818C34A994AECED808')).toBe(
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    );
    expect(isTronAddress(MAINNET_USDC)).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong prefix, other alphabets and lengths', () => {
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toBe(false);
    expect(isTronAddress('tNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe(false);
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe')).toBe(false);
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYq0L')).toBe(false);
    expect(isTronAddress('0x8840e6c55b9ada326d211d818c34a994aeced808')).toBe(false);
    expect(isTronAddress('')).toBe(false);
    // A valid base58check payload with another version byte (Bitcoin's 0x00) is not TRON.
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(decodeAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')?.length).toBe(21);
  });

  it('round-trips every derived address through hex', () => {
    const hd = new HdWallet(MNEMONIC);
    for (let i = 0; i < 20; i++) {
      const a = hd.depositAddress(i);
      expect(isTronAddress(a)).toBe(true);
      expect(hexToAddress(addressToHex(a))).toBe(a);
    }
  });
});

describe('HD derivation', () => {
  it("derives m/44'/195'/0'/0/i deterministically, distinct per index, hot wallet apart", () => {
    const a = new HdWallet(MNEMONIC);
    const b = new HdWallet(MNEMONIC);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      expect(a.depositAddress(i)).toBe(b.depositAddress(i));
      seen.add(a.depositAddress(i));
    }
    expect(seen.size).toBe(10);
    expect(seen.has(a.hotWalletAddress())).toBe(false);
    // The address is the one of the child private key at that path.
    expect(addressOfPrivateKey(a.depositKey(3).privateKey!)).toBe(a.depositAddress(3));
    expect(() => a.depositAddress(-1)).toThrow();
    expect(() => new HdWallet('abandon abandon')).toThrow(/mnemonic/);
  });

  it('generates a 24-word seed into DATA_DIR once, and prefers CHAIN_MNEMONIC', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ex-chain-'));
    try {
      const first = loadMnemonic(dir, undefined);
      expect(first.split(' ')).toHaveLength(24);
      expect(existsSync(join(dir, 'chain', 'mnemonic'))).toBe(true);
      expect(loadMnemonic(dir, undefined)).toBe(first);
      expect(readFileSync(join(dir, 'chain', 'mnemonic'), 'utf8').trim()).toBe(first);
      expect(loadMnemonic(dir, `  ${MNEMONIC.replace(/ /g, '  ')} `)).toBe(MNEMONIC);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TRON HTTP adapter against a local node', () => {
  const node = new FakeTronNode();
  const hd = new HdWallet(MNEMONIC);
  let chain: TronHttpChain;
  beforeAll(async () => {
    await node.start();
    chain = new TronHttpChain({ baseUrl: `${node.url}/`, apiKey: 'k-1', hotWalletKey: hd.hotWalletKey() });
  });
  afterAll(() => node.close());

  it('lists USDC transfers to an address over pages, confirmed and not, ignoring other tokens', async () => {
    const to = hd.depositAddress(1);
    node.transfers.push(
      ...[1, 2, 3].map((n) => ({
        transaction_id: 'c'.repeat(63) + n,
        to,
        from: 'TX',
        value: `${n}000000`,
        confirmed: true,
      })),
      { transaction_id: 'd'.repeat(64), to, from: 'TX', value: '5', confirmed: false },
      {
        transaction_id: 'e'.repeat(64),
        to,
        from: 'TX',
        value: '9',
        confirmed: true,
        contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      },
    );
    const got = await chain.incoming(to, 0);
    expect(got.map((t) => [t.txid.slice(-1), t.amount, t.confirmed])).toEqual([
      ['1', 1_000_000n, true],
      ['2', 2_000_000n, true],
      ['3', 3_000_000n, true],
      ['d', 5n, false],
    ]);
    expect(node.apiKeys.every((k) => k === 'k-1')).toBe(true);
  });

  it('signs payouts with the hot wallet key over the txID, and reports their status', async () => {
    const to = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
    const p = await chain.prepare(to, 99_000_000n);
    await p.broadcast();
    const b = node.broadcasts.at(-1)!;
    expect(b.txID).toBe(p.txid);
    expect(b.signer).toBe(hd.hotWalletAddress());
    expect(b.data).toBe(
      `a9059cbb${'0'.repeat(24)}${addressToHex(to).slice(2)}${(99_000_000).toString(16).padStart(64, '0')}`,
    );
    expect(await chain.status(p.txid)).toBe('pending');
    node.solid.set(p.txid, 'SUCCESS');
    expect(await chain.status(p.txid)).toBe('confirmed');
    node.solid.set(p.txid, 'REVERT');
    expect(await chain.status(p.txid)).toBe('failed');
  });

  it('never signs a transaction the node built differently', async () => {
    node.tamper = true;
    await expect(chain.prepare('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 5_000_000n)).rejects.toThrow(
      /different/,
    );
    node.tamper = false;
  });
});

describe.each(BACKENDS)('CHAIN=tron end to end on %s', (backend) => {
  const node = new FakeTronNode();
  let t: TestApp;
  beforeAll(async () => {
    await node.start();
    // CHAIN=tron is production: the app needs the operator's own release key (ADR 128); any non-DEV one.
    vi.stubEnv('RELEASE_PUBLIC_KEY', bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey())));
    t = await testApp(backend, { env: { CHAIN: 'tron', TRON_API_URL: node.url, CHAIN_MNEMONIC: MNEMONIC } });
  });
  afterAll(async () => {
    await t?.close();
    await node.close();
    vi.unstubAllEnvs();
  });

  it('credits a deposit the watcher finds, pays an approved withdrawal through the node', async () => {
    const u = await registerUser(t, 'tron@example.com');
    const { address } = (
      await t.call<{ address: string }>('GET', '/api/app/wallet/deposit/address?coin=USDC&network=TRC20', {
        token: u.token,
      })
    ).body.data;
    expect(address).toBe(new HdWallet(MNEMONIC).depositAddress(Number(u.user.id)));
    // No operator deposit endpoint on a real chain.
    expect((await t.call('POST', '/api/admin/chain/deposit', { body: {} })).status).toBe(404);

    node.transfers.push({
      transaction_id: 'f'.repeat(64),
      to: address,
      from: 'TX',
      value: '250000000',
      confirmed: false,
    });
    const d = chainDomainOf(t.app);
    await d.watcher.tick();
    const applying = await t.call<{ list: { status: string }[] }>('GET', '/api/app/wallet/deposits', {
      token: u.token,
    });
    expect(applying.body.data.list.map((x) => x.status)).toEqual(['applying']);
    node.transfers[0]!.confirmed = true;
    await d.watcher.tick();
    await d.watcher.tick();
    const received = await t.call<{ list: { status: string; amount: string }[] }>(
      'GET',
      '/api/app/wallet/deposits',
      {
        token: u.token,
      },
    );
    expect(received.body.data.list).toMatchObject([{ status: 'received', amount: '250.000000' }]);

    await sql`update users set verified = true, trade_password_hash = ${await hashPassword('tp-12345')} where id = ${u.user.id}`.execute(
      t.db,
    );
    await sql`insert into bank_cards (user_id, bank_name, card_number, holder_name, created_at) values (${u.user.id}, 'B', '4111111111111111', 'H', 0)`.execute(
      t.db,
    );
    const w = await t.call<{ id: string }>('POST', '/api/app/wallet/withdraw', {
      token: u.token,
      body: {
        coin: 'USDC',
        network: 'TRC20',
        address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
        amount: '100',
        trade_password: 'tp-12345',
      },
    });
    expect(w.status).toBe(200);
    await t.services.admins.createAdmin('ops@example.com', 'operator-pass-1');
    const admin = (
      await t.call<{ token: string }>('POST', '/api/admin/login', {
        body: { email: 'ops@example.com', password: 'operator-pass-1' },
      })
    ).body.data.token;
    const approved = await t.call<{ status: string; txid: string }>(
      'POST',
      `/api/admin/withdrawals/${w.body.data.id}/approve`,
      {
        token: admin,
      },
    );
    expect(approved.body.data.status).toBe('paying');
    expect(node.broadcasts.at(-1)?.txID).toBe(approved.body.data.txid);
    expect(node.broadcasts.at(-1)?.signer).toBe(new HdWallet(MNEMONIC).hotWalletAddress());
    node.solid.set(approved.body.data.txid, 'SUCCESS');
    await d.watcher.tick();
    const list = await t.call<{ list: { status: string }[] }>('GET', '/api/app/wallet/withdrawals', {
      token: u.token,
    });
    expect(list.body.data.list[0]!.status).toBe('success');
    const bal = await t.call<{ spot: { coin: string; available: string; frozen: string }[] }>(
      'GET',
      '/api/app/wallet/balances',
      { token: u.token },
    );
    expect(bal.body.data.spot.find((s) => s.coin === 'USDC')).toMatchObject({
      available: '150.000000',
      frozen: '0.000000',
    });
  });
});
