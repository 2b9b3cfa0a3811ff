import type { CommunityCatalogue } from './en.ts';

export const it: CommunityCatalogue = {
  msg: {
    readAll: 'Segna tutto come letto',
    empty: 'Ancora nessun messaggio',
    unread: 'Non letto',
    markedRead: 'Tutti i messaggi segnati come letti',
    notFound: 'Questo messaggio non esiste',
  },
  content: {
    notices: 'Annunci',
    news: 'Notizie',
    empty: 'Ancora nulla di pubblicato',
    notFound: 'Questo contenuto non è disponibile',
    fallback: 'Non disponibile nella tua lingua',
  },
  checkin: {
    title: 'Check-in giornaliero',
    button: 'Fai check-in',
    done: 'Check-in fatto',
    streak: '{{count}} giorni di fila',
    points: 'Punti',
    level: 'VIP {{level}}',
    nextLevel: 'Mancano {{points}} punti al livello VIP successivo',
    topLevel: 'Livello VIP massimo raggiunto',
    credited: '+{{points}} punti',
    reward: '+{{points}}',
    resets: 'Si azzera alle 00:00 UTC. Ogni 7° giorno di fila: +40 di bonus.',
  },
  invite: {
    code: 'Il mio codice invito',
    link: 'Link di invito',
    copy: 'Copia',
    copied: 'Copiato',
    share: 'Condividi il link',
    shareText: "Unisciti a me sull'exchange con il mio codice invito {{code}}",
    qr: 'Scansiona per registrarti',
    friends: 'Amici invitati',
    count: '{{count}} amici invitati',
    empty: 'Nessun amico invitato finora. Condividi il tuo link per iniziare.',
    joined: 'Iscritto',
  },
};
