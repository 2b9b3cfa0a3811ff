// Source catalogue of the account screens (/SetInfo, /ChangePwd, /SetEmail, /SetPhone) and the
// in-app browser (/WebView), merged into the web catalogue as `security` (`t('security.pwd.done')`).
export const en = {
  profile: {
    avatar: 'Profile picture',
    changeAvatar: 'Change picture',
    nickname: 'Nickname',
    nicknamePlaceholder: '1–32 characters',
    save: 'Save',
    saved: 'Profile saved',
    cropTitle: 'Move and zoom',
    zoom: 'Zoom',
    use: 'Use picture',
    uploading: 'Uploading…',
    badFile: 'Choose a JPEG, PNG or WebP image up to 5 MB',
  },
  pwd: {
    login: 'Login password',
    trade: 'Transaction password',
    old: 'Current password',
    submit: 'Change password',
    done: 'Password changed. Every other device has been logged out.',
    note: 'After the change every other device where you are logged in is logged out.',
    tradeNote: 'A verification code goes to {{account}}.',
    tradeDone: 'Transaction password set',
    setTrade: 'Set transaction password',
  },
  bind: {
    current: 'Bound now',
    none: 'Not bound yet',
    newEmail: 'New email',
    newPhone: 'New phone number',
    code: 'Code sent to the new address',
    oldCode: 'Code sent to {{account}}',
    oldHint: 'To change it, confirm with codes sent to the old and the new address.',
    submit: 'Bind',
    change: 'Change',
    done: 'Saved',
  },
  web: {
    openInBrowser: 'Open in browser',
    reload: 'Reload',
    notAllowed: 'This address cannot be shown inside the app.',
    missing: 'No page to show.',
    loading: 'Loading page',
  },
};

export type SecurityCatalogue = typeof en;
