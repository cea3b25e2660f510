import { useId } from 'react';

/** Small inline icons of the shell; all decorative (the surrounding control carries the label). */
const base = { 'aria-hidden': true, focusable: false } as const;

export function CoinIcon({ className }: { className?: string }) {
  const face = `coin-${useId().replace(/:/g, '')}`;
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="22" height="22">
      <defs>
        <linearGradient id={face} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff3b8" />
          <stop offset="0.55" stopColor="#ffcf4a" />
          <stop offset="1" stopColor="#d98b12" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="10.5" fill={`url(#${face})`} stroke="#8a5200" strokeWidth="1" />
      <circle cx="12" cy="12" r="7.5" fill="none" stroke="#b36f00" strokeWidth="1.2" opacity="0.7" />
      <path d="M9.5 16.5V7.5h3.2a2.7 2.7 0 0 1 0 5.4H9.5" fill="none" stroke="#7a4600" strokeWidth="2" />
    </svg>
  );
}

export function AccountIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="24" height="24">
      <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M4 20.5c1.4-4 4.5-6 8-6s6.6 2 8 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function ChevronLeftIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="18" height="18">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export function ChevronRightIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="18" height="18">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="22" height="22">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export function ExternalIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className} viewBox="0 0 24 24" width="14" height="14">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
