/** Decorative icons of the pack area (emoji are not reliable: many systems lack a colour emoji font). */
const base = { 'aria-hidden': true, focusable: false } as const;

export function LockIcon({ size = 18 }: { size?: number }) {
  return (
    <svg {...base} viewBox="0 0 24 24" width={size} height={size} style={{ verticalAlign: '-3px' }}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" fill="#9fe8c8" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="#9fe8c8" strokeWidth="2.2" />
      <circle cx="12" cy="15.5" r="1.8" fill="#0f1226" />
    </svg>
  );
}

export function CheckBadge({ size = 56 }: { size?: number }) {
  return (
    <svg {...base} viewBox="0 0 56 56" width={size} height={size}>
      <circle cx="28" cy="28" r="26" fill="rgb(62 207 142 / 18%)" stroke="#3ecf8e" strokeWidth="3" />
      <path
        d="M16 29l8 8 16-18"
        fill="none"
        stroke="#3ecf8e"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A burst of confetti-like sparks for the thank-you page. */
export function Celebration({ size = 72 }: { size?: number }) {
  const rays = Array.from({ length: 12 }, (_, i) => i * 30);
  const colors = ['#ffcf4a', '#ff4f8b', '#4fb3ff', '#3ecf8e'];
  return (
    <svg {...base} viewBox="0 0 72 72" width={size} height={size}>
      {rays.map((deg, i) => (
        <rect
          key={deg}
          x="34"
          y="4"
          width="4"
          height={i % 2 ? 10 : 14}
          rx="2"
          fill={colors[i % colors.length]}
          transform={`rotate(${deg} 36 36)`}
        />
      ))}
      <path d="M36 22l4.1 8.4 9.2 1.3-6.7 6.5 1.6 9.2L36 43l-8.2 4.4 1.6-9.2-6.7-6.5 9.2-1.3z" fill="#ffcf4a" />
    </svg>
  );
}
