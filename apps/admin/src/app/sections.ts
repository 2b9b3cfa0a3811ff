/** Every page below the layout; the router and the side menu are built from the same list. */
export const sections = [
  { path: 'outbox', label: 'Outbox' },
  { path: 'withdrawals', label: 'Withdrawals' },
  { path: 'kyc', label: 'KYC' },
  { path: 'releases', label: 'Releases' },
  { path: 'users', label: 'Users' },
  { path: 'content', label: 'Content' },
] as const;

export type SectionPath = (typeof sections)[number]['path'];
