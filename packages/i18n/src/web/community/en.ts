// Source catalogue of the community screens (/Msg, /MsgDetail, /NoticeDetail, /NewsDetail, /Invite,
// the check-in card and Home's notices and news). Merged into the web catalogue as `community`;
// every other language is typed as `CommunityCatalogue`, so a missing key fails to compile.
export const en = {
  msg: {
    readAll: 'Mark all read',
    empty: 'No messages yet',
    loadFailed: 'Could not load your messages',
    unread: 'Unread',
    /** The count above the message list. */
    unreadCount: 'Unread: {{n}}',
    markedRead: 'All messages marked as read',
    notFound: 'This message does not exist',
  },
  content: {
    notices: 'Announcements',
    news: 'News',
    empty: 'Nothing published yet',
    notFound: 'This item is not available',
    fallback: 'Not available in your language',
    /** /Notices: every notice and news item, paged. */
    center: {
      all: 'All announcements',
      emptyNotices: 'No announcements yet',
      emptyNews: 'No news yet',
      failedNotices: 'Could not load the announcements',
      failedNews: 'Could not load the news',
      loadMore: 'Load more',
      loadingMore: 'Loading more…',
      end: 'You have seen them all',
    },
  },
  checkin: {
    title: 'Daily check-in',
    button: 'Check in',
    done: 'Checked in',
    streak: '{{count}}-day streak',
    points: 'Points',
    level: 'VIP {{level}}',
    nextLevel: '{{points}} points to the next VIP level',
    topLevel: 'Highest VIP level reached',
    credited: '+{{points}} points',
    reward: '+{{points}}',
    resets: 'Resets at 00:00 UTC. Every 7th day in a row: +40 bonus.',
  },
  invite: {
    code: 'My invitation code',
    link: 'Invitation link',
    copy: 'Copy',
    copied: 'Copied',
    share: 'Share link',
    shareText: 'Join me on the exchange with my invitation code {{code}}',
    qr: 'Scan to register',
    friends: 'Invited friends',
    count: '{{count}} friends invited',
    empty: 'No friends invited yet. Share your link to start.',
    joined: 'Joined',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CommunityCatalogue = Widen<typeof en>;
