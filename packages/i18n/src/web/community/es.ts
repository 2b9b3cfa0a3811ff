import type { CommunityCatalogue } from './en.ts';

export const es: CommunityCatalogue = {
  msg: {
    readAll: 'Marcar todo como leído',
    empty: 'Aún no hay mensajes',
    unread: 'No leído',
    markedRead: 'Todos los mensajes marcados como leídos',
    notFound: 'Este mensaje no existe',
  },
  content: {
    notices: 'Anuncios',
    news: 'Noticias',
    empty: 'Aún no hay publicaciones',
    notFound: 'Este contenido no está disponible',
    fallback: 'No disponible en su idioma',
  },
  checkin: {
    title: 'Registro diario',
    button: 'Registrarse hoy',
    done: 'Registrado',
    streak: 'Racha de {{count}} días',
    points: 'Puntos',
    level: 'VIP {{level}}',
    nextLevel: 'Faltan {{points}} puntos para el siguiente nivel VIP',
    topLevel: 'Nivel VIP máximo alcanzado',
    credited: '+{{points}} puntos',
    reward: '+{{points}}',
    resets: 'Se reinicia a las 00:00 UTC. Cada 7.º día seguido: +40 de bonificación.',
  },
  invite: {
    code: 'Mi código de invitación',
    link: 'Enlace de invitación',
    copy: 'Copiar',
    copied: 'Copiado',
    share: 'Compartir enlace',
    shareText: 'Únete al exchange con mi código de invitación {{code}}',
    qr: 'Escanee para registrarse',
    friends: 'Amigos invitados',
    count: '{{count}} amigos invitados',
    empty: 'Aún no ha invitado a nadie. Comparta su enlace para empezar.',
    joined: 'Registrado',
  },
};
