/** The brand mark and the screen's headline above an auth form. */
export function AuthHero({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="auth-hero">
      <svg className="auth-hero__logo" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="var(--brand)" />
        <path
          d="M20 8 L26 14 L20 20 L14 14 Z M20 20 L26 26 L20 32 L14 26 Z M8 20 L13 15 L18 20 L13 25 Z M22 20 L27 15 L32 20 L27 25 Z"
          fill="var(--on-brand)"
        />
      </svg>
      <h2 className="auth-hero__title">{title}</h2>
      <p className="auth-hero__subtitle">{subtitle}</p>
    </div>
  );
}
