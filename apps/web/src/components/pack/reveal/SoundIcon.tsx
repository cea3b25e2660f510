/** A speaker, with waves when the sound is on and a cross when off (drawn: an emoji speaker is missing on some systems). */
export function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" style={{ verticalAlign: '-3px' }}>
      <path d="M2 6h3l4-3v10L5 10H2z" fill="currentColor" />
      {on ? (
        <path
          d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9"
          stroke="currentColor"
          fill="none"
          strokeWidth="1.4"
        />
      ) : (
        <path d="M11 6l4 4M15 6l-4 4" stroke="currentColor" strokeWidth="1.6" />
      )}
    </svg>
  );
}
