import type { CommunityCatalogue } from './en.ts';

export const zh_TW: CommunityCatalogue = {
  msg: {
    readAll: '全部已讀',
    empty: '暫無訊息',
    unread: '未讀',
    markedRead: '已將全部訊息標為已讀',
    notFound: '該訊息不存在',
  },
  content: {
    notices: '公告',
    news: '資訊',
    empty: '暫無發佈內容',
    notFound: '該內容不可用',
    fallback: '暫無您所選語言的版本',
  },
  checkin: {
    title: '每日簽到',
    button: '簽到',
    done: '已簽到',
    streak: '連續簽到 {{count}} 天',
    points: '積分',
    level: 'VIP {{level}}',
    nextLevel: '距下一 VIP 等級還需 {{points}} 積分',
    topLevel: '已達最高 VIP 等級',
    credited: '+{{points}} 積分',
    reward: '+{{points}}',
    resets: '每日 00:00 UTC 重置。連續第 7 天額外 +40。',
  },
  invite: {
    code: '我的邀請碼',
    link: '邀請連結',
    copy: '複製',
    copied: '已複製',
    share: '分享連結',
    shareText: '使用我的邀請碼 {{code}} 註冊交易所',
    qr: '掃碼註冊',
    friends: '已邀請好友',
    count: '已邀請 {{count}} 位好友',
    empty: '還沒有邀請好友，分享連結開始邀請吧。',
    joined: '註冊時間',
  },
};
