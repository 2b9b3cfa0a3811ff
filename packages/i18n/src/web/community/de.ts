import type { CommunityCatalogue } from './en.ts';

export const de: CommunityCatalogue = {
  msg: {
    readAll: 'Alle gelesen',
    empty: 'Noch keine Nachrichten',
    unread: 'Ungelesen',
    markedRead: 'Alle Nachrichten als gelesen markiert',
    notFound: 'Diese Nachricht gibt es nicht',
  },
  content: {
    notices: 'Ankündigungen',
    news: 'Neuigkeiten',
    empty: 'Noch nichts veröffentlicht',
    notFound: 'Dieser Beitrag ist nicht verfügbar',
    fallback: 'Nicht in Ihrer Sprache verfügbar',
  },
  checkin: {
    title: 'Täglicher Check-in',
    button: 'Einchecken',
    done: 'Eingecheckt',
    streak: '{{count}} Tage in Folge',
    points: 'Punkte',
    level: 'VIP {{level}}',
    nextLevel: 'Noch {{points}} Punkte bis zur nächsten VIP-Stufe',
    topLevel: 'Höchste VIP-Stufe erreicht',
    credited: '+{{points}} Punkte',
    reward: '+{{points}}',
    resets: 'Neuer Tag ab 00:00 UTC. Jeder 7. Tag in Folge: +40 Bonus.',
  },
  invite: {
    code: 'Mein Einladungscode',
    link: 'Einladungslink',
    copy: 'Kopieren',
    copied: 'Kopiert',
    share: 'Link teilen',
    shareText: 'Handle mit mir an der Börse – mein Einladungscode: {{code}}',
    qr: 'Zum Registrieren scannen',
    friends: 'Eingeladene Freunde',
    count: '{{count}} Freunde eingeladen',
    empty: 'Noch keine Freunde eingeladen. Teilen Sie Ihren Link.',
    joined: 'Beigetreten',
  },
};
