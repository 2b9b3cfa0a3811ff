// The support centre's FAQ after `npm start` (ADR 208's articles, seeded like the rest of the demo):
// ten articles about this exchange in all seven languages, written through the support service the
// console uses. Every number comes from the code that enforces it (withdrawal rule, market
// catalogue, fees, funding interval, liquidation fees, the allow list's hold), so the text cannot
// drift from the product. Once: nothing is added when the FAQ already holds any article.

import type { LocalisedText } from '@ex/contract';
import { EIGHT_HOURS_MS } from '@ex/core';
import type { Lang } from '@ex/i18n';
import type { Clock } from '../clock.ts';
import { type Config, DEFAULT_WITHDRAW } from '../config.ts';
import type { Db } from '../db/db.ts';
import {
  PERP_MAKER_FEE_PPM,
  PERP_TAKER_FEE_PPM,
  SPOT_MAKER_FEE_PPM,
  SPOT_TAKER_FEE_PPM,
} from '../engine/config.ts';
import {
  DEFAULT_LIQUIDATION_FEE_PPM,
  DEFAULT_MARKET_PROTECTION_PPM,
  DEFAULT_PRICE_BAND_PPM,
  MAJOR_LIQUIDATION_FEE_PPM,
  MARKETS,
  QUOTE,
} from '../engine/markets.ts';
import { SupportService } from '../support/service.ts';

/** What the articles quote from the running configuration. */
export interface FaqFacts {
  /** The withdrawal rules (config.withdraw); the articles quote the USDC TRC20 one. */
  withdraw: readonly WithdrawRule[];
}
type WithdrawRule = Config['withdraw'][number];

/** The USDC TRC20 rule of the configuration, else the default one. */
function usdcRule(rules: readonly WithdrawRule[]): WithdrawRule {
  return (
    rules.find((r) => r.coin === QUOTE && r.network === 'TRC20') ??
    (DEFAULT_WITHDRAW.find((r) => r.coin === QUOTE) as WithdrawRule)
  );
}

const HOUR_MS = 3_600_000;
/** Turning the withdrawal allow list off holds withdrawals this long (account/protection.ts, ADR 205). */
const ALLOWLIST_HOLD_HOURS = 24;

const COMMA_DECIMAL: Record<Lang, boolean> = {
  de: true,
  en: false,
  zh_CN: false,
  zh_TW: false,
  es: true,
  fr: true,
  it: true,
};
const GROUP: Record<Lang, string> = {
  de: '.',
  en: ',',
  zh_CN: ',',
  zh_TW: ',',
  es: '.',
  fr: '\u202f',
  it: '.',
};

/** A decimal string written with the language's separators (no floating point). */
export function num(value: string, lang: Lang): string {
  const [whole = '0', frac] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[lang]);
  if (!frac) return grouped;
  return `${grouped}${COMMA_DECIMAL[lang] ? ',' : '.'}${frac}`;
}

/**
 * Parts per million as a percent (1000 -> 0.1 %), exact. de, es and fr set a no-break space before
 * the sign, as the app's percentages (Intl's `percent` style, apps/web/src/lib/format.ts) do.
 */
export function pct(ppm: bigint, lang: Lang): string {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  const n = num(frac ? `${whole}.${frac}` : String(whole), lang);
  return lang === 'de' || lang === 'fr' || lang === 'es' ? `${n}\u00a0%` : `${n}%`;
}

/** The highest leverage per base coin of the perpetual catalogue, e.g. { BTC: 100, DOGE: 20 }. */
function maxLeverages(): { base: string; max: number }[] {
  return MARKETS.filter((m) => m.kind === 'perp').map((m) => ({
    base: m.base,
    max: Math.max(...m.leverages),
  }));
}

type Article = { title: LocalisedText; body: LocalisedText };

/** The ten articles, their numbers taken from the code. */
export function faqArticles(facts: FaqFacts): Article[] {
  const L = (f: (lang: Lang) => string): Required<LocalisedText> => ({
    de: f('de'),
    en: f('en'),
    zh_CN: f('zh_CN'),
    zh_TW: f('zh_TW'),
    es: f('es'),
    fr: f('fr'),
    it: f('it'),
  });
  const w = usdcRule(facts.withdraw);
  const fundingHours = String(EIGHT_HOURS_MS / HOUR_MS);
  const levs = maxLeverages();
  const top = Math.max(...levs.map((l) => l.max));
  const topBases = levs.filter((l) => l.max === top).map((l) => l.base);
  const others = [...new Set(levs.filter((l) => l.max !== top).map((l) => l.max))].sort((a, b) => b - a);
  const levList = (lang: Lang, sep: string): string =>
    [
      `${topBases.join('/')} ${top}x`,
      ...others.map(
        (max) =>
          `${levs
            .filter((l) => l.max === max)
            .map((l) => l.base)
            .join('/')} ${max}x`,
      ),
    ].join(lang.startsWith('zh') ? '，' : sep);
  const minNotional = MARKETS[0]?.minNotional ?? '5';

  const spotFee = (lang: Lang) => pct(SPOT_TAKER_FEE_PPM, lang);
  const spotMaker = (lang: Lang) => pct(SPOT_MAKER_FEE_PPM, lang);
  const band = (lang: Lang) => pct(DEFAULT_PRICE_BAND_PPM, lang);
  const prot = (lang: Lang) => pct(DEFAULT_MARKET_PROTECTION_PPM, lang);
  const pm = (lang: Lang) => pct(PERP_MAKER_FEE_PPM, lang);
  const pt = (lang: Lang) => pct(PERP_TAKER_FEE_PPM, lang);
  const liqMajor = (lang: Lang) => pct(MAJOR_LIQUIDATION_FEE_PPM, lang);
  const liqOther = (lang: Lang) => pct(DEFAULT_LIQUIDATION_FEE_PPM, lang);
  const Q = QUOTE;

  return [
    {
      title: L(
        (l) =>
          ({
            de: `Wie zahle ich ${Q} ein (TRC20)?`,
            en: `How do I deposit ${Q} (TRC20)?`,
            zh_CN: `如何充值 ${Q}（TRC20）？`,
            zh_TW: `如何儲值 ${Q}（TRC20）？`,
            es: `¿Cómo deposito ${Q} (TRC20)?`,
            fr: `Comment déposer des ${Q} (TRC20)\u00a0?`,
            it: `Come deposito ${Q} (TRC20)?`,
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Unter Vermögen > Einzahlen finden Sie Ihre persönliche Einzahlungsadresse. Einzahlungen sind nur in ${Q} über das TRON-Netzwerk (TRC20) möglich; senden Sie keine anderen Coins und kein anderes Netzwerk an diese Adresse. Eine Überweisung erscheint sofort als „in Bearbeitung“ und wird Ihrem Spot-Konto gutgeschrieben, sobald ihr Block auf TRON endgültig bestätigt (unumkehrbar) ist. Den Stand sehen Sie im Einzahlungsverlauf.`,
            en: `Your personal deposit address is under Assets > Deposit. Deposits are accepted in ${Q} on the TRON network (TRC20) only; do not send other coins or use another network to this address. A transfer shows as "applying" at once and is credited to your spot account as soon as its block on TRON is final (solidified, irreversible). Follow it in the deposit history.`,
            zh_CN: `在「资产 > 充值」中可以找到您的专属充值地址。仅支持通过 TRON 网络（TRC20）充值 ${Q}，请勿向该地址发送其他币种或使用其他网络。转账到达后会立即显示为「处理中」，待其所在区块在 TRON 上最终确认（不可逆）后，即计入您的现货账户。可在充值记录中查看进度。`,
            zh_TW: `在「資產 > 儲值」中可以找到您的專屬儲值地址。僅支援透過 TRON 網路（TRC20）儲值 ${Q}，請勿向該地址發送其他幣種或使用其他網路。轉帳到達後會立即顯示為「處理中」，待其所在區塊在 TRON 上最終確認（不可逆）後，即計入您的現貨帳戶。可在儲值紀錄中查看進度。`,
            es: `Su dirección de depósito personal está en Activos > Depositar. Solo se aceptan depósitos de ${Q} en la red TRON (TRC20); no envíe otras monedas ni use otra red hacia esta dirección. Una transferencia aparece de inmediato como «en proceso» y se abona en su cuenta spot en cuanto su bloque en TRON es definitivo (confirmado e irreversible). Puede seguirla en el historial de depósitos.`,
            fr: `Votre adresse de dépôt personnelle se trouve dans Actifs > Déposer. Seuls les dépôts en ${Q} sur le réseau TRON (TRC20) sont acceptés\u00a0; n’envoyez pas d’autres cryptomonnaies ni un autre réseau vers cette adresse. Un virement apparaît aussitôt «\u00a0en cours\u00a0» et est crédité sur votre compte spot dès que son bloc sur TRON est définitif (confirmé, irréversible). Suivez-le dans l’historique des dépôts.`,
            it: `Il tuo indirizzo di deposito personale si trova in Asset > Deposita. Sono accettati solo depositi in ${Q} sulla rete TRON (TRC20); non inviare altre monete né usare un’altra rete verso questo indirizzo. Un trasferimento appare subito come «in elaborazione» e viene accreditato sul conto spot non appena il suo blocco su TRON è definitivo (confermato, irreversibile). Puoi seguirlo nella cronologia dei depositi.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Auszahlungen: Gebühr, Limits und Prüfung',
            en: 'Withdrawals: fee, limits and review',
            zh_CN: '提现：手续费、限额与审核',
            zh_TW: '提領：手續費、限額與審核',
            es: 'Retiros: comisión, límites y revisión',
            fr: 'Retraits\u00a0: frais, limites et vérification',
            it: 'Prelievi: commissione, limiti e verifica',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Ausgezahlt wird ${Q} über TRC20. Voraussetzungen: bestätigte Identität, ein Transaktionspasswort und eine hinterlegte Bankkarte. Pro Auszahlung gelten mindestens ${num(w.min, l)} und höchstens ${num(w.max, l)} ${Q}; die Gebühr von ${num(w.fee, l)} ${Q} ist im Betrag enthalten, Sie erhalten also den Betrag abzüglich Gebühr. Jede Auszahlung wird von unserem Team geprüft („In Prüfung“). Wird sie abgelehnt, sehen Sie den Grund, und Betrag und Gebühr gehen zurück auf Ihr Spot-Konto.`,
            en: `Withdrawals are paid in ${Q} on TRC20. You need a verified identity, a trade password and a bank card on file. Each withdrawal must be at least ${num(w.min, l)} and at most ${num(w.max, l)} ${Q}; the fee of ${num(w.fee, l)} ${Q} is included in the amount, so you receive the amount minus the fee. Every withdrawal is reviewed by our team ("Under review"). If it is rejected you see the reason, and the amount and fee return to your spot account.`,
            zh_CN: `提现以 ${Q}（TRC20）支付。需要：已通过身份认证、已设置交易密码并绑定银行卡。每笔提现最少 ${num(w.min, l)}、最多 ${num(w.max, l)} ${Q}；手续费 ${num(w.fee, l)} ${Q} 包含在提现数量中，实际到账为数量减去手续费。每笔提现都由我们的团队审核（「审核中」）。若被拒绝，您会看到原因，数量和手续费将退回您的现货账户。`,
            zh_TW: `提領以 ${Q}（TRC20）支付。需要：已通過身分認證、已設定交易密碼並綁定銀行帳戶。每筆提領最少 ${num(w.min, l)}、最多 ${num(w.max, l)} ${Q}；手續費 ${num(w.fee, l)} ${Q} 包含在提領數量中，實際到帳為數量減去手續費。每筆提領都由我們的團隊審核（「審核中」）。若被拒絕，您會看到原因，數量和手續費將退回您的現貨帳戶。`,
            es: `Los retiros se pagan en ${Q} por TRC20. Necesita una identidad verificada, una contraseña de operaciones y una tarjeta bancaria registrada. Cada retiro debe ser de al menos ${num(w.min, l)} y como máximo ${num(w.max, l)} ${Q}; la comisión de ${num(w.fee, l)} ${Q} está incluida en el importe, así que recibe el importe menos la comisión. Nuestro equipo revisa cada retiro («En revisión»). Si se rechaza, verá el motivo y el importe y la comisión vuelven a su cuenta spot.`,
            fr: `Les retraits sont versés en ${Q} sur TRC20. Il faut une identité vérifiée, un mot de passe de transaction et une carte bancaire enregistrée. Chaque retrait est d’au moins ${num(w.min, l)} et d’au plus ${num(w.max, l)} ${Q}\u00a0; les frais de ${num(w.fee, l)} ${Q} sont inclus dans le montant\u00a0: vous recevez le montant moins les frais. Chaque retrait est vérifié par notre équipe («\u00a0En vérification\u00a0»). S’il est refusé, vous en voyez le motif et le montant et les frais reviennent sur votre compte spot.`,
            it: `I prelievi sono pagati in ${Q} su TRC20. Servono un’identità verificata, una password di trading e una carta bancaria registrata. Ogni prelievo va da un minimo di ${num(w.min, l)} a un massimo di ${num(w.max, l)} ${Q}; la commissione di ${num(w.fee, l)} ${Q} è inclusa nell’importo, quindi ricevi l’importo meno la commissione. Ogni prelievo è verificato dal nostro team («In verifica»). Se viene rifiutato vedi il motivo, e importo e commissione tornano sul tuo conto spot.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Identitätsprüfung (KYC)',
            en: 'Identity verification (KYC)',
            zh_CN: '身份认证（KYC）',
            zh_TW: '身分認證（KYC）',
            es: 'Verificación de identidad (KYC)',
            fr: 'Vérification d’identité (KYC)',
            it: 'Verifica dell’identità (KYC)',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: 'Es gibt eine Stufe: Ihre Identität ist entweder bestätigt oder nicht. Unter Identität bestätigen geben Sie Land, Namen, Ausweisart und -nummer an und laden Vorder- und Rückseite des Dokuments sowie ein Selfie hoch. Unser Team prüft die Angaben; bis dahin steht der Antrag auf „In Prüfung“. Bei einer Ablehnung sehen Sie den Grund und können erneut einreichen. Ohne bestätigte Identität sind keine Auszahlungen möglich.',
            en: 'There is one level: your identity is either verified or not. Under Identity verification you give your country, name, document type and number and upload the front and back of the document and a selfie. Our team reviews it; until then the application is "Under review". If it is rejected you see the reason and can submit again. Withdrawals need a verified identity.',
            zh_CN:
              '认证只有一个级别：身份已认证或未认证。在「身份认证」中填写国家、姓名、证件类型和号码，并上传证件正反面照片及自拍照。我们的团队会进行审核，期间申请状态为「审核中」。若被拒绝，您会看到原因并可重新提交。未通过身份认证无法提现。',
            zh_TW:
              '認證只有一個級別：身分已認證或未認證。在「身分認證」中填寫國家、姓名、證件類型和號碼，並上傳證件正反面照片及自拍照。我們的團隊會進行審核，期間申請狀態為「審核中」。若被拒絕，您會看到原因並可重新提交。未通過身分認證無法提領。',
            es: 'Hay un único nivel: su identidad está verificada o no. En Verificación de identidad indique país, nombre, tipo y número de documento, y suba el anverso y el reverso del documento y un selfie. Nuestro equipo lo revisa; mientras tanto la solicitud está «En revisión». Si se rechaza, verá el motivo y podrá enviarla de nuevo. Para retirar fondos necesita una identidad verificada.',
            fr: 'Il n’y a qu’un niveau\u00a0: votre identité est vérifiée ou non. Dans Vérification d’identité, indiquez votre pays, votre nom, le type et le numéro du document, puis envoyez le recto, le verso et un selfie. Notre équipe l’examine\u00a0; en attendant, la demande est «\u00a0En vérification\u00a0». En cas de refus, vous voyez le motif et pouvez la soumettre à nouveau. Les retraits exigent une identité vérifiée.',
            it: 'C’è un solo livello: la tua identità è verificata oppure no. In Verifica dell’identità indica paese, nome, tipo e numero del documento e carica fronte, retro del documento e un selfie. Il nostro team la esamina; nel frattempo la richiesta è «In verifica». Se viene rifiutata vedi il motivo e puoi inviarla di nuovo. Per prelevare serve un’identità verificata.',
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Spot-Handel: Limit- und Market-Orders',
            en: 'Spot trading: limit and market orders',
            zh_CN: '现货交易：限价单与市价单',
            zh_TW: '現貨交易：限價單與市價單',
            es: 'Trading spot: órdenes límite y de mercado',
            fr: 'Trading spot\u00a0: ordres à cours limité et au marché',
            it: 'Trading spot: ordini limite e a mercato',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Eine Limit-Order wird nur zu Ihrem Preis oder besser ausgeführt und bleibt bis dahin im Orderbuch; der Preis muss innerhalb von ±${band(l)} um den Indexpreis liegen. Eine Market-Order wird sofort zum besten verfügbaren Preis ausgeführt, jedoch höchstens ${prot(l)} vom Indexpreis entfernt. Der Mindestwert einer Order ist ${num(minNotional, l)} ${Q}. Die Gebühr beträgt ${spotMaker(l)} (Maker) bzw. ${spotFee(l)} (Taker) des Handelswerts. Offene Orders können einzeln oder alle auf einmal storniert werden.`,
            en: `A limit order fills only at your price or better and waits in the order book until then; its price must lie within ±${band(l)} of the index price. A market order fills at once at the best available prices, but no further than ${prot(l)} from the index price. The minimum order value is ${num(minNotional, l)} ${Q}. The fee is ${spotMaker(l)} (maker) and ${spotFee(l)} (taker) of the traded value. Open orders can be cancelled one by one or all at once.`,
            zh_CN: `限价单只会以您的价格或更优价格成交，在此之前挂在订单簿中；价格须在指数价格 ±${band(l)} 范围内。市价单会立即以最优可用价格成交，但成交价与指数价格的偏离不超过 ${prot(l)}。单笔最小下单金额为 ${num(minNotional, l)} ${Q}。手续费为成交额的 ${spotMaker(l)}（挂单）和 ${spotFee(l)}（吃单）。未成交订单可单个撤销或全部撤销。`,
            zh_TW: `限價單只會以您的價格或更優價格成交，在此之前掛在委託簿中；價格須在指數價格 ±${band(l)} 範圍內。市價單會立即以最佳可用價格成交，但成交價與指數價格的偏離不超過 ${prot(l)}。單筆最小下單金額為 ${num(minNotional, l)} ${Q}。手續費為成交額的 ${spotMaker(l)}（掛單）和 ${spotFee(l)}（吃單）。未成交委託可單筆撤銷或全部撤銷。`,
            es: `Una orden límite solo se ejecuta a su precio o mejor y espera en el libro hasta entonces; su precio debe estar dentro de ±${band(l)} del precio índice. Una orden de mercado se ejecuta al instante a los mejores precios disponibles, pero nunca a más de ${prot(l)} del precio índice. El valor mínimo de una orden es ${num(minNotional, l)} ${Q}. La comisión es del ${spotMaker(l)} (maker) y del ${spotFee(l)} (taker) del valor negociado. Las órdenes abiertas se pueden cancelar una a una o todas a la vez.`,
            fr: `Un ordre à cours limité n’est exécuté qu’à votre prix ou mieux et attend dans le carnet d’ordres jusque-là\u00a0; son prix doit se situer à ±${band(l)} du prix de l’indice. Un ordre au marché est exécuté aussitôt aux meilleurs prix disponibles, mais jamais à plus de ${prot(l)} du prix de l’indice. La valeur minimale d’un ordre est de ${num(minNotional, l)} ${Q}. Les frais sont de ${spotMaker(l)} (maker) et ${spotFee(l)} (taker) de la valeur échangée. Les ordres ouverts s’annulent un par un ou tous à la fois.`,
            it: `Un ordine limite viene eseguito solo al tuo prezzo o a uno migliore e resta nel book fino ad allora; il prezzo deve stare entro ±${band(l)} dal prezzo indice. Un ordine a mercato viene eseguito subito ai migliori prezzi disponibili, ma mai oltre ${prot(l)} dal prezzo indice. Il valore minimo di un ordine è ${num(minNotional, l)} ${Q}. La commissione è dello ${spotMaker(l)} (maker) e dello ${spotFee(l)} (taker) del controvalore. Gli ordini aperti si annullano uno alla volta o tutti insieme.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Perpetual-Kontrakte: Hebel und Margin',
            en: 'Perpetual contracts: leverage and margin',
            zh_CN: '永续合约：杠杆与保证金',
            zh_TW: '永續合約：槓桿與保證金',
            es: 'Contratos perpetuos: apalancamiento y margen',
            fr: 'Contrats perpétuels\u00a0: effet de levier et marge',
            it: 'Contratti perpetui: leva e margine',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Kontrakte werden in ${Q} aus Ihrem Futures-Konto besichert. Maximaler Hebel: ${levList(l, ', ')}; größere Positionen erlauben stufenweise weniger Hebel. Bei Cross-Margin steht das ganze Futures-Guthaben hinter allen Positionen, bei Isolated-Margin nur die Margin der einzelnen Position – mehr kann diese Position nicht verlieren. Margin lässt sich nachträglich erhöhen oder verringern. Gebühren: ${pm(l)} (Maker), ${pt(l)} (Taker) des Positionswerts.`,
            en: `Contracts are margined in ${Q} from your contract account. Maximum leverage: ${levList(l, ', ')}; larger positions allow less leverage, tier by tier. With cross margin your whole contract balance backs all positions; with isolated margin only the position's own margin does, and that position cannot lose more. You can add or reduce margin later. Fees: ${pm(l)} (maker) and ${pt(l)} (taker) of the position value.`,
            zh_CN: `合约以 ${Q} 作为保证金，从您的合约账户扣除。最高杠杆：${levList(l, ', ')}；仓位越大，可用杠杆按档位逐级降低。全仓模式下，整个合约账户余额为所有仓位担保；逐仓模式下只有该仓位自身的保证金承担风险，该仓位的亏损不会超过它。保证金可随时追加或减少。手续费：仓位价值的 ${pm(l)}（挂单）和 ${pt(l)}（吃单）。`,
            zh_TW: `合約以 ${Q} 作為保證金，從您的合約帳戶扣除。最高槓桿：${levList(l, ', ')}；倉位越大，可用槓桿依級距逐級降低。全倉模式下，整個合約帳戶餘額為所有倉位擔保；逐倉模式下只有該倉位自身的保證金承擔風險，該倉位的虧損不會超過它。保證金可隨時追加或減少。手續費：倉位價值的 ${pm(l)}（掛單）和 ${pt(l)}（吃單）。`,
            es: `Los contratos usan ${Q} de su cuenta de futuros como margen. Apalancamiento máximo: ${levList(l, ', ')}; las posiciones más grandes permiten menos apalancamiento, tramo a tramo. Con margen cruzado todo el saldo de contratos respalda todas las posiciones; con margen aislado solo el margen propio de la posición, que no puede perder más. Puede añadir o reducir margen después. Comisiones: ${pm(l)} (maker) y ${pt(l)} (taker) del valor de la posición.`,
            fr: `Les contrats sont marginés en ${Q} depuis votre compte futures. Effet de levier maximal\u00a0: ${levList(l, ', ')}\u00a0; les positions plus grandes autorisent moins de levier, palier par palier. En marge croisée, tout le solde du compte futures couvre toutes les positions\u00a0; en marge isolée, seule la marge de la position la couvre et cette position ne peut pas perdre davantage. Vous pouvez ajouter ou retirer de la marge ensuite. Frais\u00a0: ${pm(l)} (maker) et ${pt(l)} (taker) de la valeur de la position.`,
            it: `I contratti usano come margine ${Q} del tuo conto futures. Leva massima: ${levList(l, ', ')}; le posizioni più grandi consentono meno leva, scaglione per scaglione. Con il margine incrociato tutto il saldo del conto futures copre tutte le posizioni; con il margine isolato solo il margine della posizione, che non può perdere di più. Puoi aggiungere o ridurre il margine in seguito. Commissioni: ${pm(l)} (maker) e ${pt(l)} (taker) del valore della posizione.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Was ist die Funding-Rate?',
            en: 'What is the funding rate?',
            zh_CN: '什么是资金费率？',
            zh_TW: '什麼是資金費率？',
            es: '¿Qué es la tasa de financiación?',
            fr: 'Qu’est-ce que le taux de financement\u00a0?',
            it: 'Cos’è il tasso di finanziamento?',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Alle ${fundingHours} Stunden (00:00, 08:00 und 16:00 UTC) zahlen Long- und Short-Positionen einander eine Funding-Gebühr, die den Kontraktpreis nahe am Indexpreis hält. Ist die Rate positiv, zahlen Longs an Shorts, ist sie negativ, umgekehrt. Die Zahlung ist Positionswert × Rate. Die aktuelle Rate und der Countdown stehen auf der Kontrakt-Seite; wer zum Zeitpunkt keine Position hält, zahlt und erhält nichts.`,
            en: `Every ${fundingHours} hours (00:00, 08:00 and 16:00 UTC) long and short positions pay each other a funding fee that keeps the contract price close to the index price. When the rate is positive longs pay shorts; when it is negative shorts pay longs. The payment is position value × rate. The current rate and a countdown are on the contract screen; without a position at that moment you neither pay nor receive.`,
            zh_CN: `每 ${fundingHours} 小时（UTC 00:00、08:00、16:00）多头与空头之间互相支付一次资金费，使合约价格贴近指数价格。费率为正时多头向空头支付，为负时空头向多头支付。金额为仓位价值 × 费率。当前费率和倒计时显示在合约页面；结算时没有持仓则既不支付也不收取。`,
            zh_TW: `每 ${fundingHours} 小時（UTC 00:00、08:00、16:00）多頭與空頭之間互相支付一次資金費，使合約價格貼近指數價格。費率為正時多頭向空頭支付，為負時空頭向多頭支付。金額為倉位價值 × 費率。目前費率和倒數計時顯示在合約頁面；結算時沒有持倉則既不支付也不收取。`,
            es: `Cada ${fundingHours} horas (00:00, 08:00 y 16:00 UTC) las posiciones largas y cortas se pagan entre sí una tasa de financiación que mantiene el precio del contrato cerca del precio índice. Si la tasa es positiva, los largos pagan a los cortos; si es negativa, al revés. El pago es valor de la posición × tasa. La tasa actual y la cuenta atrás están en la pantalla de contratos; sin posición en ese momento no paga ni cobra.`,
            fr: `Toutes les ${fundingHours} heures (00:00, 08:00 et 16:00 UTC), les positions longues et courtes se versent des frais de financement qui maintiennent le prix du contrat près du prix de l’indice. Si le taux est positif, les longs paient les courts\u00a0; s’il est négatif, l’inverse. Le paiement vaut valeur de la position × taux. Le taux actuel et le compte à rebours figurent sur l’écran des contrats\u00a0; sans position à ce moment, vous ne payez ni ne recevez rien.`,
            it: `Ogni ${fundingHours} ore (00:00, 08:00 e 16:00 UTC) le posizioni long e short si pagano a vicenda una commissione di finanziamento che tiene il prezzo del contratto vicino al prezzo indice. Se il tasso è positivo i long pagano gli short, se è negativo il contrario. Il pagamento è valore della posizione × tasso. Il tasso attuale e il conto alla rovescia sono nella schermata contratti; senza posizione in quel momento non paghi né ricevi nulla.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Wann wird eine Position liquidiert?',
            en: 'When is a position liquidated?',
            zh_CN: '仓位什么时候会被强平？',
            zh_TW: '倉位什麼時候會被強制平倉？',
            es: '¿Cuándo se liquida una posición?',
            fr: 'Quand une position est-elle liquidée\u00a0?',
            it: 'Quando viene liquidata una posizione?',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Fällt die Margin einer Position (bei Cross: das Futures-Guthaben) unter die Erhaltungsmargin, wird sie liquidiert; maßgeblich ist der Markpreis, nicht der letzte Handelspreis. Den Liquidationspreis sehen Sie bei jeder offenen Position. Bei einer Liquidation fällt eine Abwicklungsgebühr von ${liqMajor(l)} (BTC, ETH) bzw. ${liqOther(l)} (andere Coins) des Positionswerts an, gezahlt aus der verbleibenden Margin an den Versicherungsfonds. Schützen Sie sich mit Stop-Loss, niedrigerem Hebel oder zusätzlicher Margin.`,
            en: `When a position's margin (with cross margin: the contract balance) falls below the maintenance margin, the position is liquidated; the mark price counts, not the last trade. Each open position shows its liquidation price. A liquidation costs a clearance fee of ${liqMajor(l)} (BTC, ETH) or ${liqOther(l)} (other coins) of the position value, paid to the insurance fund out of the margin that is left. Protect yourself with a stop-loss, lower leverage or more margin.`,
            zh_CN: `当仓位的保证金（全仓模式下为合约账户余额）低于维持保证金时，该仓位将被强制平仓；以标记价格而非最新成交价为准。每个持仓都会显示其强平价格。强平时收取仓位价值 ${liqMajor(l)}（BTC、ETH）或 ${liqOther(l)}（其他币种）的清算费，从剩余保证金中支付给保险基金。可通过止损、降低杠杆或追加保证金来降低风险。`,
            zh_TW: `當倉位的保證金（全倉模式下為合約帳戶餘額）低於維持保證金時，該倉位將被強制平倉；以標記價格而非最新成交價為準。每個持倉都會顯示其強平價格。強平時收取倉位價值 ${liqMajor(l)}（BTC、ETH）或 ${liqOther(l)}（其他幣種）的清算費，從剩餘保證金中支付給保險基金。可透過停損、降低槓桿或追加保證金來降低風險。`,
            es: `Cuando el margen de una posición (con margen cruzado: el saldo de contratos) cae por debajo del margen de mantenimiento, la posición se liquida; cuenta el precio de marca, no la última operación. Cada posición abierta muestra su precio de liquidación. Una liquidación cuesta una comisión del ${liqMajor(l)} (BTC, ETH) o del ${liqOther(l)} (otras monedas) del valor de la posición, pagada al fondo de seguro con el margen restante. Protéjase con un stop-loss, menos apalancamiento o más margen.`,
            fr: `Lorsque la marge d’une position (en marge croisée\u00a0: le solde du compte futures) passe sous la marge de maintien, la position est liquidée\u00a0; c’est le prix de marque qui compte, pas le dernier échange. Chaque position ouverte affiche son prix de liquidation. Une liquidation coûte des frais de ${liqMajor(l)} (BTC, ETH) ou ${liqOther(l)} (autres cryptomonnaies) de la valeur de la position, versés au fonds d’assurance sur la marge restante. Protégez-vous avec un stop-loss, moins de levier ou plus de marge.`,
            it: `Quando il margine di una posizione (con margine incrociato: il saldo del conto futures) scende sotto il margine di mantenimento, la posizione viene liquidata; conta il prezzo mark, non l’ultimo scambio. Ogni posizione aperta mostra il suo prezzo di liquidazione. Una liquidazione costa una commissione dello ${liqMajor(l)} (BTC, ETH) o dello ${liqOther(l)} (altre monete) del valore della posizione, versata al fondo assicurativo dal margine rimasto. Proteggiti con uno stop-loss, meno leva o più margine.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Überträge zwischen Spot- und Futures-Konto',
            en: 'Transfers between spot and contract account',
            zh_CN: '现货账户与合约账户之间划转',
            zh_TW: '現貨帳戶與合約帳戶之間劃轉',
            es: 'Transferencias entre cuenta spot y de contratos',
            fr: 'Transferts entre compte spot et compte futures',
            it: 'Trasferimenti tra conto spot e conto futures',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Einzahlungen landen auf dem Spot-Konto; Kontrakte handeln Sie mit ${Q} auf dem Futures-Konto. Unter Vermögen > Übertragen verschieben Sie ${Q} in beide Richtungen: Spot → Futures oder Futures → Spot. Der Übertrag ist sofort gebucht und kostenlos. Margin, die in offenen Positionen oder Orders gebunden ist, kann nicht übertragen werden. Alle Überträge stehen im Übertragsverlauf.`,
            en: `Deposits arrive in the spot account; contracts trade with ${Q} in the contract account. Under Assets > Transfer you move ${Q} either way: spot → contract or contract → spot. A transfer is booked at once and is free. Margin held by open positions or orders cannot be transferred. Every transfer is listed in the transfer history.`,
            zh_CN: `充值到账现货账户；合约交易使用合约账户中的 ${Q}。在「资产 > 划转」中可双向划转 ${Q}：现货 → 合约 或 合约 → 现货。划转即时到账且免费。被持仓或委托占用的保证金不能划转。所有划转都列在划转记录中。`,
            zh_TW: `儲值到帳現貨帳戶；合約交易使用合約帳戶中的 ${Q}。在「資產 > 劃轉」中可雙向劃轉 ${Q}：現貨 → 合約 或 合約 → 現貨。劃轉即時到帳且免費。被持倉或委託占用的保證金不能劃轉。所有劃轉都列在劃轉紀錄中。`,
            es: `Los depósitos llegan a la cuenta spot; los contratos se operan con ${Q} de la cuenta de futuros. En Activos > Transferir mueve ${Q} en ambos sentidos: spot → contratos o contratos → spot. La transferencia se registra al instante y es gratuita. El margen retenido por posiciones u órdenes abiertas no se puede transferir. Todas las transferencias aparecen en el historial de transferencias.`,
            fr: `Les dépôts arrivent sur le compte spot\u00a0; les contrats se négocient avec les ${Q} du compte futures. Dans Actifs > Transférer, déplacez des ${Q} dans les deux sens\u00a0: spot → contrats ou contrats → spot. Le transfert est comptabilisé aussitôt et gratuit. La marge bloquée par des positions ou ordres ouverts ne peut pas être transférée. Tous les transferts figurent dans l’historique des transferts.`,
            it: `I depositi arrivano sul conto spot; i contratti si negoziano con gli ${Q} del conto futures. In Asset > Trasferisci sposti ${Q} in entrambe le direzioni: spot → contratti o contratti → spot. Il trasferimento è registrato subito ed è gratuito. Il margine impegnato da posizioni o ordini aperti non si può trasferire. Tutti i trasferimenti sono nella cronologia dei trasferimenti.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Zwei-Faktor-Authentifizierung und Kontosicherheit',
            en: 'Two-factor authentication and account security',
            zh_CN: '双重验证与账户安全',
            zh_TW: '雙重驗證與帳戶安全',
            es: 'Autenticación en dos pasos y seguridad de la cuenta',
            fr: 'Double authentification et sécurité du compte',
            it: 'Autenticazione a due fattori e sicurezza dell’account',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: `Aktivieren Sie 2FA mit einer Authenticator-App (TOTP) in den Sicherheitseinstellungen. Danach fragen wir den 6-stelligen Code bei der Anmeldung auf einem neuen Gerät, bei Auszahlungen sowie beim Ändern von Passwort, Transaktionspasswort, Adressbuch und API-Schlüsseln ab. Mit der Auszahlungs-Whitelist gehen Auszahlungen nur an gespeicherte Adressen; wird sie ausgeschaltet, werden Auszahlungen ${ALLOWLIST_HOLD_HOURS} Stunden lang zurückgehalten. Legen Sie einen Anti-Phishing-Code fest: Er steht dann in jeder unserer E-Mails – fehlt er, stammt die E-Mail nicht von uns.`,
            en: `Turn on 2FA with an authenticator app (TOTP) in the security settings. From then on we ask for the 6-digit code when you log in on a new device, when you withdraw and when you change your password, trade password, address book or API keys. With the withdrawal allow list on, withdrawals go only to saved addresses; turning it off holds withdrawals for ${ALLOWLIST_HOLD_HOURS} hours. Set an anti-phishing code and it appears in every e-mail we send; if it is missing, the e-mail is not from us.`,
            zh_CN: `在安全设置中使用身份验证器应用（TOTP）开启双重验证。开启后，在新设备登录、提现，以及修改登录密码、交易密码、地址簿或 API 密钥时，都需要输入 6 位验证码。开启提现白名单后，只能提现到已保存的地址；关闭白名单后，提现将被暂缓 ${ALLOWLIST_HOLD_HOURS} 小时。设置防钓鱼码后，我们发送的每封邮件都会带有该码——没有该码的邮件不是我们发出的。`,
            zh_TW: `在安全設定中使用身分驗證器應用程式（TOTP）開啟雙重驗證。開啟後，在新裝置登入、提領，以及修改登入密碼、交易密碼、地址簿或 API 金鑰時，都需要輸入 6 位驗證碼。開啟提領白名單後，只能提領到已儲存的地址；關閉白名單後，提領將暫緩 ${ALLOWLIST_HOLD_HOURS} 小時。設定防釣魚碼後，我們寄出的每封郵件都會帶有該碼——沒有該碼的郵件不是我們寄出的。`,
            es: `Active la autenticación en dos pasos con una app de autenticación (TOTP) en los ajustes de seguridad. A partir de entonces pedimos el código de 6 dígitos al iniciar sesión en un dispositivo nuevo, al retirar y al cambiar la contraseña, la contraseña de operaciones, la libreta de direcciones o las claves API. Con la lista blanca de retiros activada, solo se retira a direcciones guardadas; si la desactiva, los retiros quedan retenidos ${ALLOWLIST_HOLD_HOURS} horas. Defina un código antiphishing y aparecerá en cada correo que enviamos; si falta, el correo no es nuestro.`,
            fr: `Activez la double authentification avec une application d’authentification (TOTP) dans les paramètres de sécurité. Ensuite, nous demandons le code à 6 chiffres à la connexion sur un nouvel appareil, lors d’un retrait et pour modifier le mot de passe, le mot de passe de transaction, le carnet d’adresses ou les clés API. Avec la liste blanche de retraits activée, les retraits ne vont qu’aux adresses enregistrées\u00a0; la désactiver bloque les retraits pendant ${ALLOWLIST_HOLD_HOURS} heures. Définissez un code anti-hameçonnage\u00a0: il figure alors dans chacun de nos e-mails\u00a0; s’il manque, l’e-mail ne vient pas de nous.`,
            it: `Attiva l’autenticazione a due fattori con un’app di autenticazione (TOTP) nelle impostazioni di sicurezza. Da quel momento chiediamo il codice a 6 cifre all’accesso da un nuovo dispositivo, ai prelievi e quando cambi password, password di trading, rubrica indirizzi o chiavi API. Con la whitelist dei prelievi attiva si preleva solo verso indirizzi salvati; disattivarla blocca i prelievi per ${ALLOWLIST_HOLD_HOURS} ore. Imposta un codice anti-phishing e comparirà in ogni nostra e-mail; se manca, l’e-mail non è nostra.`,
          })[l],
      ),
    },
    {
      title: L(
        (l) =>
          ({
            de: 'Earn: KI-Quant und DeFi-Staking',
            en: 'Earn: AI savings and DeFi staking',
            zh_CN: '理财：AI 量化理财与 DeFi 质押',
            zh_TW: '理財：AI 量化理財與 DeFi 質押',
            es: 'Earn: Cuant IA y staking DeFi',
            fr: 'Earn\u00a0: Quant IA et staking DeFi',
            it: 'Earn: Quant IA e staking DeFi',
          })[l],
      ),
      body: L(
        (l) =>
          ({
            de: 'Bei KI-Quant wählen Sie ein flexibles Produkt (jederzeit kündbar) oder eines mit fester Laufzeit; bei vorzeitiger Kündigung einer festen Laufzeit fällt die im Produkt angegebene Gebühr (ein Prozentsatz des Betrags) an. Beim DeFi-Staking binden Sie Coins für die angegebene Dauer. Jedes Produkt nennt Coin, Zinssatz sowie Mindest- und Höchstbetrag. Der Betrag wird von Ihrem Spot-Konto abgebucht; Zinsen und Kapital werden dorthin zurückgezahlt. Ihre Anlagen finden Sie im jeweiligen Verlauf.',
            en: 'With AI savings you choose a flexible product (redeem any time) or a fixed term; redeeming a fixed term early costs the fee stated on the product (a percentage of the amount). With DeFi staking you lock coins for the stated period. Every product shows its coin, rate and minimum and maximum amount. The amount is taken from your spot account, and interest and principal are paid back there. Your holdings are in each product’s history.',
            zh_CN:
              'AI 量化理财可选择活期产品（随时赎回）或定期产品；定期产品提前赎回需支付产品注明的手续费（按金额的百分比计算）。DeFi 质押会在注明的期限内锁定币。每个产品都标明币种、利率以及最小和最大金额。金额从您的现货账户扣除，利息和本金也返还到现货账户。您的持有情况可在各产品的记录中查看。',
            zh_TW:
              'AI 量化理財可選擇活期產品（隨時贖回）或定期產品；定期產品提前贖回需支付產品註明的手續費（按金額的百分比計算）。DeFi 質押會在註明的期限內鎖定幣。每個產品都標明幣種、利率以及最小和最大金額。金額從您的現貨帳戶扣除，利息和本金也返還到現貨帳戶。您的持有情況可在各產品的紀錄中查看。',
            es: 'Con Cuant IA elige un producto flexible (reembolso en cualquier momento) o a plazo fijo; reembolsar antes un plazo fijo cuesta la comisión indicada en el producto (un porcentaje del importe). Con el staking DeFi bloquea monedas durante el periodo indicado. Cada producto muestra su moneda, su tasa y sus importes mínimo y máximo. El importe se toma de su cuenta spot, y los intereses y el capital se devuelven allí. Sus inversiones están en el historial de cada producto.',
            fr: 'Avec Quant IA, vous choisissez un produit flexible (rachat à tout moment) ou à terme fixe\u00a0; racheter un terme fixe avant l’échéance coûte les frais indiqués sur le produit (un pourcentage du montant). Avec le staking DeFi, vous bloquez des cryptomonnaies pour la durée indiquée. Chaque produit indique sa cryptomonnaie, son taux et ses montants minimum et maximum. Le montant est prélevé sur votre compte spot, et intérêts et capital y sont reversés. Vos placements figurent dans l’historique de chaque produit.',
            it: 'Con Quant IA scegli un prodotto flessibile (rimborso in qualsiasi momento) o a termine fisso; rimborsare in anticipo un termine fisso costa la commissione indicata nel prodotto (una percentuale dell’importo). Con lo staking DeFi blocchi monete per il periodo indicato. Ogni prodotto indica moneta, tasso e importo minimo e massimo. L’importo viene preso dal tuo conto spot, e interessi e capitale vi vengono restituiti. I tuoi investimenti sono nella cronologia di ogni prodotto.',
          })[l],
      ),
    },
  ];
}

/**
 * Adds the articles once, published, in this order, through the support service (as the console
 * would). Skipped when the FAQ holds any article: the operator's edits and deletions stay.
 * Returns how many articles were added.
 */
export async function seedFaq(db: Db, clock: Clock, facts: FaqFacts): Promise<number> {
  const support = new SupportService(db, clock);
  if ((await support.adminFaq()).length > 0) return 0;
  const articles = faqArticles(facts);
  for (const [i, a] of articles.entries()) {
    await support.saveFaq(undefined, {
      title: a.title,
      body: a.body,
      position: (i + 1) * 10,
      published: true,
    });
  }
  return articles.length;
}
