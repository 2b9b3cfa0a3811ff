import type { CommunityCatalogue } from './en.ts';

export const zh_CN: CommunityCatalogue = {
  msg: {
    readAll: '全部已读',
    empty: '暂无消息',
    unread: '未读',
    markedRead: '已将全部消息标为已读',
    notFound: '该消息不存在',
  },
  content: {
    notices: '公告',
    news: '资讯',
    empty: '暂无发布内容',
    notFound: '该内容不可用',
    fallback: '暂无您所选语言的版本',
  },
  checkin: {
    title: '每日签到',
    button: '签到',
    done: '已签到',
    streak: '连续签到 {{count}} 天',
    points: '积分',
    level: 'VIP {{level}}',
    nextLevel: '距下一 VIP 等级还需 {{points}} 积分',
    topLevel: '已达最高 VIP 等级',
    credited: '+{{points}} 积分',
    reward: '+{{points}}',
    resets: '每日 00:00 UTC 重置。连续第 7 天额外 +40。',
  },
  invite: {
    code: '我的邀请码',
    link: '邀请链接',
    copy: '复制',
    copied: '已复制',
    share: '分享链接',
    shareText: '使用我的邀请码 {{code}} 注册交易所',
    qr: '扫码注册',
    friends: '已邀请好友',
    count: '已邀请 {{count}} 位好友',
    empty: '还没有邀请好友，分享链接开始邀请吧。',
    joined: '注册时间',
  },
};
