// A reader from mainland China and one from Taiwan walk the app at 375 x 812 (the demo account), now
// that the machine renders CJK: what the walk found wrong stays fixed. zh_TW writes Taiwan's words,
// not converted mainland ones (儲值/提領 everywhere, 銀行帳戶, 使用者, 紀錄, 刪除帳戶); both say 生效時間
// for time in force as the exchanges do and 已实现盈亏 for a realised result that can be a loss; the
// trade screens carry the exchanges' terms (开多, 资金费率, 预估强平价, 一键平仓); neither language shows
// a German or English catalogue string, a half-width comma after a Chinese character, a space before
// a percent sign, a short button or tab label broken over two lines, or a screen that scrolls sideways.
import { webCatalogues } from '@ex/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, screenshot, suite } from './harness.ts';

type Chinese = 'zh_CN' | 'zh_TW';
const s = suite({ SEED_DEMO: '1', MARKET_MAKER: '0' });

const page = (lang: Chinese): Promise<Page> => openSignedIn(s.browser, s.server.url, s.token, lang);

/** Every string of a catalogue, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}
const words = (texts: string[]): Set<string> =>
  new Set(texts.flatMap((t) => t.match(/\p{Script=Latin}{4,}/gu) ?? []));

// A word of the German or English catalogue on a Chinese screen is fallback text, unless the Chinese
// catalogues use it too (USDC, Maker, TRON, JSON, Authenticator...).
const chineseWords = words([...strings(webCatalogues.zh_CN), ...strings(webCatalogues.zh_TW)]);
const fallbackWords = new Set(
  [...words([...strings(webCatalogues.de), ...strings(webCatalogues.en)])].filter(
    (w) => !chineseWords.has(w),
  ),
);

// Latin words that are data, not text: the demo's name, and a seeded IEO round ("BNB Chain 轮").
const DATA_WORDS = new Set(['demo', 'Chain']);

// The seeded support tickets are the demo user's own German words, so /Support is not in the list.
const SCREENS = [
  '/',
  '/Transaction',
  '/SpotOpe',
  '/ContractOpe',
  '/My',
  '/DetailPage?symbol=BTC_USDC_PERP',
  '/ContractOrder',
  '/SpotOrder',
  '/OrderHis',
  '/Setting',
  '/SetInfo',
  '/RealName',
  '/BankCardAdd',
  '/BankCard',
  '/ChangePwd',
  '/SetEmail',
  '/SetPhone',
  '/Devices',
  '/TwoFactor',
  '/ApiKeys',
  '/AddressBook',
  '/AntiPhishing',
  '/Privacy',
  '/WalletDetail',
  '/TradingOne',
  '/TradingTwo',
  '/Recharge',
  '/RechargeHistory',
  '/Withdrawal',
  '/WithdrawalHistory',
  '/Transform',
  '/TransformTwo',
  '/TransformHis',
  '/Invite',
  '/Msg',
  '/MsgDetail?id=1',
  '/NoticeDetail?id=6',
  '/Notices',
  '/OTC',
  '/OTCHis',
  '/NewB',
  '/IEO',
  '/IEOHis',
  '/RedPlan',
  '/Vote',
  '/AI',
  '/AIHis',
  '/AIBuy?id=2',
  '/Defn',
  '/DefnHis',
  '/ProofOfReserves',
  '/Agree',
  '/Success',
];

// Mainland words and simplified characters a Taiwanese reader would stop at, and the reverse.
const NOT_TAIWAN =
  /账|賬|充值|提現|銀行卡|用戶|點擊|註銷|記錄|項目|信息|網絡|登錄|設置|默認|刷新|已實現盈利|[们这为时请订资币证码务额货约仓开户设认号网页买卖价涨历冻转录审项显关发实计线级险]/g;
const NOT_MAINLAND = /[們這為時請訂資幣證碼務額貨約倉開戶設認號網頁買賣價漲歷凍轉錄審項顯關發實計線級險帳]/g;

interface Look {
  width: number;
  text: string;
  /** Short labels (buttons, tabs, column heads, status chips) whose own text runs onto a second line. */
  broken: string[];
}

async function look(p: Page, path: string): Promise<Look> {
  await p.goto(path);
  await p.waitForLoadState('networkidle');
  return p.evaluate(() => {
    const broken: string[] = [];
    const labels = 'button, [role="tab"], .adm-tabs-tab, .adm-capsule-tabs-tab, .adm-selector-item, th';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!parent || text.length === 0 || text.length > 12) continue;
      // A label: a button, tab or column head, or any element whose whole text is this short word
      // (a status chip, a tag). Words in running text may wrap; a label may not.
      if (!parent.closest(labels) && parent.textContent?.trim() !== text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(text);
    }
    // A command typed as written (the proof-of-reserves verifier in <code>) is not text to translate.
    let text = document.body.innerText;
    for (const code of Array.from(document.querySelectorAll('code'))) text = text.replace(code.innerText, '');
    return { width: document.documentElement.scrollWidth, text, broken };
  });
}

describe('the Simplified and Traditional Chinese walk at 375 px', () => {
  it('zh_TW: Taiwan vocabulary on the money screens (儲值, 提領, 銀行帳戶, 刪除帳戶)', async () => {
    const p = await page('zh_TW');
    await p.goto('/My');
    await p.getByRole('button', { name: '儲值' }).waitFor();
    await p.getByRole('button', { name: '提領' }).waitFor();
    await screenshot(p, 'walk-zh-my-tw');
    // The statement's record types said 充值/提現 under buttons that say 儲值/提領.
    const kinds = await p.locator('select option').allTextContents();
    expect(kinds).toEqual(expect.arrayContaining(['儲值', '提領']));
    expect(kinds.join(' ')).not.toMatch(/充值|提現/);
    await p.goto('/Setting');
    await p.getByText('銀行帳戶管理', { exact: true }).waitFor();
    await p.goto('/BankCard');
    await p.getByText('銀行帳戶須為本人名下。', { exact: true }).waitFor();
    await p.goto('/Privacy');
    await p.getByText('刪除帳戶', { exact: true }).first().waitFor();
    await p.goto('/Invite');
    await p.getByText('掃描 QR 碼註冊', { exact: true }).waitFor();
    // A phone number is not an "address" (地址): /SetPhone names the number, /SetEmail the mailbox.
    await p.goto('/SetPhone');
    await p.getByText('新手機號碼收到的驗證碼').first().waitFor();
    // Staking locks coins for a term (鎖定期); 還款期 was a loan's repayment period.
    await p.goto('/Defn');
    await p.getByText('鎖定期', { exact: true }).first().waitFor();
    expect(await p.getByText(/還款/).count()).toBe(0);
    await p.context().close();
  });

  it('the contract screen carries the exchanges’ terms in both scripts', async () => {
    for (const [lang, list] of [
      ['zh_CN', '开多 开空 资金费率 预估强平价 预估保证金 全仓 生效时间 一键平仓 未实现盈亏'],
      ['zh_TW', '開多 開空 資金費率 預估強平價 預估保證金 全倉 生效時間 一鍵平倉 未實現盈虧'],
    ] as const) {
      const terms = list.split(' ');
      const p = await page(lang);
      await p.goto('/ContractOpe');
      await p.getByText(list.slice(0, 2), { exact: true }).first().waitFor();
      await p.waitForLoadState('networkidle');
      await screenshot(p, `walk-zh-contract-${lang}`);
      const text = await p.locator('body').innerText();
      expect(terms.filter((term) => !text.includes(term))).toEqual([]);
      expect(text).not.toContain('有效方式');
      await p.context().close();
    }
  });

  it('the order confirmation reads as a Chinese sentence: price first, leverage after the size', async () => {
    for (const [lang, sentence] of [
      ['zh_CN', /^以 [\d,.]+\u00a0USDC 的价格开多 0\.0100\u00a0BTC，杠杆 10\u00a0倍。$/],
      ['zh_TW', /^以 [\d,.]+\u00a0USDC 的價格開多 0\.0100\u00a0BTC，槓桿 10\u00a0倍。$/],
    ] as const) {
      const tr = webCatalogues[lang].trade;
      const p = await page(lang);
      await p.goto('/ContractOpe?symbol=BTC_USDC_PERP');
      await p.locator('input[name=quantity]').fill('0.01');
      await p.locator('.tform').getByRole('button', { name: tr.openLong }).click();
      const sheet = p.getByRole('dialog', { name: tr.confirmTitle });
      await sheet.waitFor();
      await screenshot(p, `walk-zh-confirm-${lang}`);
      // It read 您将价格 97,587.99 USDC以 10 倍杠杆开多 ...: a price where the verb's 以 belongs.
      await sheet.getByText(sentence).waitFor();
      await sheet.getByRole('button', { name: webCatalogues[lang].common.cancel }).click();
      await p.context().close();
    }
  });

  it('the spot screen, the market list and the ledger in zh_CN', async () => {
    const p = await page('zh_CN');
    await p.goto('/SpotOpe');
    await p.getByText('全部撤单', { exact: true }).waitFor();
    for (const term of ['限价', '市价', '当前委托(0)', '买入 BTC'])
      await p.getByText(term, { exact: true }).first().waitFor();
    await p.goto('/Transaction');
    await p.getByText('24h涨跌', { exact: true }).waitFor();
    await p.goto('/My');
    await p.getByText('总资产(USDC)', { exact: true }).waitFor();
    await p.goto('/WalletDetail');
    await p.getByText(webCatalogues.zh_CN.wallet.types.refundPostingOrder, { exact: true }).first().waitFor();
    expect(webCatalogues.zh_CN.wallet.ledger.refs.realised).toBe('已实现盈亏');
    await screenshot(p, 'walk-zh-ledger-cn');
    await p.goto('/Defn');
    await p.getByText('锁定期', { exact: true }).first().waitFor();
    expect(await p.getByText(/还款/).count()).toBe(0);
    await p.context().close();
  });

  for (const lang of ['zh_CN', 'zh_TW'] as const) {
    it(`${lang}: every screen stays in its script, with no fallback text, no broken labels and no sideways scroll`, async () => {
      const p = await page(lang);
      const wide: string[] = [];
      const fallback: string[] = [];
      const wrongScript: string[] = [];
      const punctuation: string[] = [];
      const broken: string[] = [];
      for (const path of SCREENS) {
        const seen = await look(p, path);
        if (seen.width > 375) wide.push(`${path} ${seen.width}px`);
        const text = seen.text.replace(/https?:\/\/\S+|\S+@\S+/g, '');
        const foreign = (text.match(/\p{Script=Latin}{4,}/gu) ?? []).filter(
          (w) => fallbackWords.has(w) && !DATA_WORDS.has(w),
        );
        if (foreign.length > 0) fallback.push(`${path}: ${[...new Set(foreign)].join(', ')}`);
        const other = text.match(lang === 'zh_TW' ? NOT_TAIWAN : NOT_MAINLAND) ?? [];
        if (other.length > 0) wrongScript.push(`${path}: ${[...new Set(other)].join('')}`);
        const halfWidth = text.match(/\p{Script=Han}[,;!?]|\d\s+%/gu) ?? [];
        if (halfWidth.length > 0) punctuation.push(`${path}: ${halfWidth.join(' ')}`);
        if (seen.broken.length > 0) broken.push(`${path}: ${seen.broken.join(', ')}`);
      }
      expect({ wide, fallback, wrongScript, punctuation, broken }).toEqual({
        wide: [],
        fallback: [],
        wrongScript: [],
        punctuation: [],
        broken: [],
      });
      await p.context().close();
    });
  }
});
