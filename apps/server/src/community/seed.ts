import type { ContentKind, Translations } from '@ex/contract';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { ContentService } from './content.ts';
import { communityDb } from './tables.ts';

// What Home shows on a fresh embedded default, in all seven languages (a language without a text
// would fall back to en, ADR 070).
export const ITEMS: { kind: ContentKind; translations: Translations; daysAgo: number }[] = [
  {
    kind: 'notice',
    daysAgo: 21,
    translations: {
      en: {
        title: 'Welcome to the exchange',
        body: 'Spot and USDC-margined perpetual trading are open. Check in every day to collect points and raise your membership level.',
      },
      de: {
        title: 'Willkommen an der Börse',
        body: 'Spot- und USDC-margined Perpetual-Handel sind geöffnet. Checken Sie täglich ein, um Punkte zu sammeln und Ihre Mitgliedsstufe zu erhöhen.',
      },
      zh_CN: {
        title: '欢迎来到交易所',
        body: '现货与 USDC 本位永续合约交易已开放。每日签到可获得积分并提升会员等级。',
      },
      zh_TW: {
        title: '歡迎來到交易所',
        body: '現貨與 USDC 本位永續合約交易已開放。每日簽到可獲得積分並提升會員等級。',
      },
      es: {
        title: 'Bienvenido al exchange',
        body: 'El trading spot y de contratos perpetuos con margen en USDC está abierto. Haga check-in cada día para ganar puntos y subir su nivel de miembro.',
      },
      fr: {
        title: 'Bienvenue sur la plateforme',
        body: 'Le trading spot et les contrats perpétuels avec marge en USDC sont ouverts. Pointez chaque jour pour gagner des points et monter de niveau.',
      },
      it: {
        title: 'Benvenuto nell’exchange',
        body: 'Il trading spot e i contratti perpetui con margine in USDC sono aperti. Fai il check-in ogni giorno per raccogliere punti e salire di livello.',
      },
    },
  },
  {
    kind: 'notice',
    daysAgo: 14,
    translations: {
      en: {
        title: 'USDC TRC20 deposits and withdrawals',
        body: 'Only send USDC on the TRON network (TRC20) to your deposit address. Withdrawals are reviewed before they are paid out.',
      },
      de: {
        // U+2011 (no-break hyphen): the line may not end on a lone '-' before 'Auszahlungen'.
        title: 'USDC-TRC20-Einzahlungen und \u2011Auszahlungen',
        body: 'Senden Sie an Ihre Einzahlungsadresse nur USDC im TRON-Netzwerk (TRC20). Auszahlungen werden vor der Ausführung geprüft.',
      },
      zh_CN: {
        title: 'USDC TRC20 充值与提现',
        body: '请仅向您的充值地址发送 TRON 网络（TRC20）上的 USDC。提现需审核后发放。',
      },
      zh_TW: {
        title: 'USDC TRC20 儲值與提領',
        body: '請僅向您的儲值地址發送 TRON 網路（TRC20）上的 USDC。提領需審核後發放。',
      },
      es: {
        title: 'Depósitos y retiros de USDC TRC20',
        body: 'Envíe a su dirección de depósito solo USDC de la red TRON (TRC20). Los retiros se revisan antes de pagarse.',
      },
      fr: {
        title: 'Dépôts et retraits USDC TRC20',
        body: 'N’envoyez à votre adresse de dépôt que de l’USDC sur le réseau TRON (TRC20). Les retraits sont vérifiés avant paiement.',
      },
      it: {
        title: 'Depositi e prelievi USDC TRC20',
        body: 'Invia al tuo indirizzo di deposito solo USDC sulla rete TRON (TRC20). I prelievi vengono verificati prima del pagamento.',
      },
    },
  },
  {
    kind: 'news',
    daysAgo: 9,
    translations: {
      en: {
        title: 'Invite friends with your code',
        body: 'Share your invitation link from the Invite page: friends can register with your code instead of a verification code.',
      },
      de: {
        title: 'Freunde mit Ihrem Code einladen',
        body: 'Teilen Sie Ihren Einladungslink auf der Seite „Einladen“: Freunde können sich mit Ihrem Code statt eines Bestätigungscodes registrieren.',
      },
      zh_CN: { title: '用邀请码邀请好友', body: '在邀请页面分享您的邀请链接：好友可使用您的邀请码注册。' },
      zh_TW: { title: '用邀請碼邀請好友', body: '在邀請頁面分享您的邀請連結：好友可使用您的邀請碼註冊。' },
      es: {
        title: 'Invite a sus amigos con su código',
        body: 'Comparta su enlace de invitación desde la página Invitar: sus amigos pueden registrarse con su código.',
      },
      fr: {
        title: 'Invitez vos amis avec votre code',
        body: 'Partagez votre lien d’invitation depuis la page Inviter\u00a0: vos amis peuvent s’inscrire avec votre code.',
      },
      it: {
        title: 'Invita gli amici con il tuo codice',
        body: 'Condividi il tuo link di invito dalla pagina Invita: gli amici possono registrarsi con il tuo codice.',
      },
    },
  },
  {
    kind: 'news',
    daysAgo: 5,
    translations: {
      en: {
        title: 'Perpetual contracts settle in USDC',
        body: 'BTC, ETH and more perpetual markets settle in USDC, with cross or isolated margin. Mind the liquidation price shown before you confirm an order.',
      },
      de: {
        title: 'Perpetual-Kontrakte mit Abrechnung in USDC',
        body: 'BTC-, ETH- und weitere Perpetual-Märkte werden in USDC abgerechnet, mit Cross- oder Isolated-Margin. Beachten Sie den Liquidationspreis vor der Bestätigung.',
      },
      zh_CN: {
        title: 'USDC 本位永续合约',
        body: 'BTC、ETH 等永续合约以 USDC 结算，支持全仓与逐仓。下单确认前请留意预估强平价。',
      },
      zh_TW: {
        title: 'USDC 本位永續合約',
        body: 'BTC、ETH 等永續合約以 USDC 結算，支援全倉與逐倉。下單確認前請留意預估強平價。',
      },
      es: {
        title: 'Los contratos perpetuos se liquidan en USDC',
        body: 'BTC, ETH y otros mercados perpetuos se liquidan en USDC, con margen cruzado o aislado. Revise el precio de liquidación antes de confirmar.',
      },
      fr: {
        title: 'Les contrats perpétuels se règlent en USDC',
        body: 'BTC, ETH et d’autres marchés perpétuels se règlent en USDC, en marge croisée ou isolée. Vérifiez le prix de liquidation avant de confirmer.',
      },
      it: {
        title: 'I contratti perpetui si regolano in USDC',
        body: 'BTC, ETH e altri mercati perpetui si regolano in USDC, con margine incrociato o isolato. Controlla il prezzo di liquidazione prima di confermare.',
      },
    },
  },
  {
    kind: 'notice',
    daysAgo: 3,
    translations: {
      en: {
        title: 'Proof of reserves, every day',
        body: 'Every day we publish a signed snapshot of all customer balances as a Merkle sum tree, beside the USDC we hold. Check that your own balance is included under Proof of reserves in your account, or verify the file yourself with the open-source verifier.',
      },
      de: {
        title: 'Reservennachweis, jeden Tag',
        body: 'Wir veröffentlichen täglich einen signierten Stand aller Kundenguthaben als Merkle-Summenbaum, neben den USDC, die wir halten. Prüfen Sie unter „Reservennachweis“ in Ihrem Konto, dass Ihr eigenes Guthaben enthalten ist, oder prüfen Sie die Datei selbst mit dem quelloffenen Prüfprogramm.',
      },
      zh_CN: {
        title: '每日储备证明',
        body: '我们每天以默克尔求和树发布全部客户余额的签名快照，并公布所持有的 USDC。您可在账户的“储备证明”中确认自己的余额已被包含，也可用开源校验工具自行验证文件。',
      },
      zh_TW: {
        title: '每日儲備證明',
        body: '我們每天以默克爾求和樹發布全部客戶餘額的簽名快照，並公布所持有的 USDC。您可在帳戶的「儲備證明」中確認自己的餘額已被包含，也可用開源驗證工具自行驗證檔案。',
      },
      es: {
        title: 'Prueba de reservas, cada día',
        body: 'Cada día publicamos una instantánea firmada de todos los saldos de clientes como árbol de suma de Merkle, junto a los USDC que custodiamos. Compruebe en «Prueba de reservas» de su cuenta que su saldo está incluido, o verifique el archivo usted mismo con el verificador de código abierto.',
      },
      fr: {
        title: 'Preuve de réserves, chaque jour',
        body: 'Chaque jour, nous publions un instantané signé de tous les soldes clients sous forme d’arbre de Merkle à sommes, à côté des USDC que nous détenons. Vérifiez dans «\u00a0Preuve de réserves\u00a0» de votre compte que votre solde y figure, ou vérifiez le fichier vous-même avec le vérificateur open source.',
      },
      it: {
        title: 'Prova delle riserve, ogni giorno',
        body: 'Ogni giorno pubblichiamo un’istantanea firmata di tutti i saldi dei clienti come albero di somme di Merkle, accanto agli USDC che custodiamo. Verifica in «Prova delle riserve» del tuo account che il tuo saldo sia incluso, oppure controlla tu stesso il file con il verificatore open source.',
      },
    },
  },
  {
    kind: 'notice',
    daysAgo: 1,
    translations: {
      en: {
        title: 'Perpetuals on all six markets',
        body: 'BTC, ETH, SOL, BNB, XRP and DOGE perpetuals are open, margined in USDC, with cross or isolated margin, take-profit and stop-loss. Each market shows its funding rate and the countdown to the next payment.',
      },
      de: {
        title: 'Perpetuals auf allen sechs Märkten',
        body: 'Perpetuals auf BTC, ETH, SOL, BNB, XRP und DOGE sind geöffnet, mit USDC als Margin, Cross- oder Isolated-Margin, Take-Profit und Stop-Loss. Jeder Markt zeigt seine Funding-Rate und den Countdown bis zur nächsten Zahlung.',
      },
      zh_CN: {
        title: '六个市场全部开通永续合约',
        body: 'BTC、ETH、SOL、BNB、XRP 和 DOGE 永续合约已开放，以 USDC 作保证金，支持全仓或逐仓、止盈与止损。每个市场均显示资金费率及下次结算倒计时。',
      },
      zh_TW: {
        title: '六個市場全部開通永續合約',
        body: 'BTC、ETH、SOL、BNB、XRP 和 DOGE 永續合約已開放，以 USDC 作保證金，支援全倉或逐倉、止盈與止損。每個市場均顯示資金費率及下次結算倒數。',
      },
      es: {
        title: 'Perpetuos en los seis mercados',
        body: 'Ya están abiertos los perpetuos de BTC, ETH, SOL, BNB, XRP y DOGE, con margen en USDC, cruzado o aislado, take-profit y stop-loss. Cada mercado muestra su tasa de financiación y la cuenta atrás hasta el próximo pago.',
      },
      fr: {
        title: 'Des perpétuels sur les six marchés',
        body: 'Les perpétuels BTC, ETH, SOL, BNB, XRP et DOGE sont ouverts, avec une marge en USDC, croisée ou isolée, take-profit et stop-loss. Chaque marché affiche son taux de financement et le compte à rebours jusqu’au prochain paiement.',
      },
      it: {
        title: 'Perpetui su tutti e sei i mercati',
        body: 'Sono aperti i perpetui su BTC, ETH, SOL, BNB, XRP e DOGE, con margine in USDC, incrociato o isolato, take-profit e stop-loss. Ogni mercato mostra il suo tasso di funding e il conto alla rovescia al prossimo pagamento.',
      },
    },
  },
];

/** The seed step of the embedded default: a few notices and news on an empty content table. */
export async function seedCommunity(db: Db, clock: Clock): Promise<void> {
  await new ContentService(communityDb(db), clock).seed(ITEMS);
}
