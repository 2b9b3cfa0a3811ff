/** Small line illustrations for empty states, drawn in the theme tokens. */
export function Illustration({ kind, size = 96 }: { kind: 'empty' | 'news' | 'star'; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 96 96" aria-hidden="true" className="illustration">
      <circle cx="48" cy="48" r="44" fill="var(--surface)" />
      {kind === 'empty' && (
        <>
          <rect
            x="28"
            y="26"
            width="40"
            height="46"
            rx="5"
            fill="var(--surface-2)"
            stroke="var(--line)"
            strokeWidth="2"
          />
          <path
            d="M36 38 H60 M36 47 H56 M36 56 H50"
            stroke="var(--text-2)"
            strokeWidth="2.5"
            strokeLinecap="round"
            opacity="0.6"
          />
        </>
      )}
      {kind === 'news' && (
        <>
          <rect
            x="24"
            y="28"
            width="48"
            height="40"
            rx="5"
            fill="var(--surface-2)"
            stroke="var(--line)"
            strokeWidth="2"
          />
          <rect x="31" y="35" width="14" height="12" rx="2" fill="var(--brand)" opacity="0.8" />
          <path
            d="M50 37 H64 M50 44 H60 M31 54 H64 M31 61 H56"
            stroke="var(--text-2)"
            strokeWidth="2.5"
            strokeLinecap="round"
            opacity="0.6"
          />
        </>
      )}
      {kind === 'star' && (
        <path
          d="M48 24 L55 40 L72 41 L59 52 L63 69 L48 60 L33 69 L37 52 L24 41 L41 40 Z"
          fill="var(--surface-2)"
          stroke="var(--brand)"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
