import type { ReactNode } from 'react';

/** One tab: its key (what onSelect receives) and what it shows (a label, maybe with a count). */
export interface Tab<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * The console's row of tabs (a list's views, a period, a member's history): one look, one keyboard and screen-reader
 * behaviour everywhere. With `panelId`, each tab names the panel it controls (`panelId(key)`) and gets the id
 * `tab-<key>` that panel is labelled by; without it the tabs switch what the list below shows.
 */
export function TabBar<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  panelId,
}: {
  label: string;
  tabs: readonly Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  panelId?: (key: K) => string;
}) {
  return (
    <div className="a-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key || 'all'}
          type="button"
          role="tab"
          aria-selected={tab.key === selected}
          {...(panelId ? { id: `tab-${tab.key}`, 'aria-controls': panelId(tab.key) } : {})}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
