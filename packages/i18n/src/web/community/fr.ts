import type { CommunityCatalogue } from './en.ts';

export const fr: CommunityCatalogue = {
  msg: {
    readAll: 'Tout marquer comme lu',
    empty: 'Aucun message pour le moment',
    unread: 'Non lu',
    markedRead: 'Tous les messages sont marqués comme lus',
    notFound: "Ce message n'existe pas",
  },
  content: {
    notices: 'Annonces',
    news: 'Actualités',
    empty: 'Rien de publié pour le moment',
    notFound: "Ce contenu n'est pas disponible",
    fallback: 'Non disponible dans votre langue',
  },
  checkin: {
    title: 'Pointage quotidien',
    button: 'Pointer',
    done: 'Pointé',
    streak: '{{count}} jours de suite',
    points: 'Points',
    level: 'VIP {{level}}',
    nextLevel: 'Encore {{points}} points pour le niveau VIP suivant',
    topLevel: 'Niveau VIP maximal atteint',
    credited: '+{{points}} points',
    reward: '+{{points}}',
    resets: 'Remise à zéro à 00:00 UTC. Chaque 7e jour de suite : +40 de bonus.',
  },
  invite: {
    code: "Mon code d'invitation",
    link: "Lien d'invitation",
    copy: 'Copier',
    copied: 'Copié',
    share: 'Partager le lien',
    shareText: "Rejoins-moi sur la plateforme avec mon code d'invitation {{code}}",
    qr: 'Scannez pour vous inscrire',
    friends: 'Amis invités',
    count: '{{count}} amis invités',
    empty: "Aucun ami invité pour l'instant. Partagez votre lien pour commencer.",
    joined: 'Inscrit le',
  },
};
