import type { TickerName } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError } from '../../api/client';
import { useSaveTickerName, useTickerName } from '../../api/ticker-name';
import { useHydrated } from '../../hooks/use-hydrated';
import panel from './MyPage.module.css';
import styles from './TickerName.module.css';

/** Core's TICKER_NAMES, in the order shown; a type import only, so My Page's code does not take in core's schemas. */
const CHOICES: readonly TickerName[] = ['anonymous', 'initial'];

/**
 * My Page's choice of how the live hit ticker shows the member's S and A draws to every open page (issue 22 §3, ADR
 * 0059): anonymous (the default) or the family name's initial. Each option shows the very line others would read,
 * so the choice is made on what is really shown. A tap saves it.
 */
export function TickerNamePanel() {
  const { t } = useTranslation('account');
  const current = useTickerName(true);
  const save = useSaveTickerName();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The tapped choice is shown checked at once, while it is saved; a refusal puts the saved one back.
  const [pending, setPending] = useState<TickerName | null>(null);
  // A tap saves, so the choices wait for React: the server draws them (and this panel's code may still be on its
  // way when the rest of the page is live), and a radio ticked before then would look chosen and save nothing.
  const hydrated = useHydrated();
  const data = current.data;
  const checked = pending ?? data?.ticker_name;

  const choose = async (choice: TickerName) => {
    setBusy(true);
    setPending(choice);
    setSaved(false);
    setError(null);
    try {
      const reply = await save(choice);
      if (reply.state === 200) setSaved(true);
      else setError(firstError(reply, 'ticker_name') ?? firstError(reply, 'general') ?? t('tickerName.failed'));
    } catch {
      setError(t('tickerName.failed'));
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  const example = (choice: TickerName) =>
    t('tickerName.example', {
      who: choice === 'initial' && data?.initial ? data.initial : t('tickerName.anonymousLabel'),
    });

  return (
    <section className={panel.panel} aria-labelledby="my-ticker-name">
      <h2 id="my-ticker-name" className={panel.panelTitle}>
        {t('tickerName.title')}
      </h2>
      <fieldset className={styles.choices} disabled={!data || busy || !hydrated} aria-describedby="my-ticker-name-lead">
        <legend id="my-ticker-name-lead" className={styles.lead}>
          {t('tickerName.lead')}
        </legend>
        {CHOICES.map((choice) => (
          <label key={choice} className={styles.choice}>
            <input
              type="radio"
              name="ticker_name"
              value={choice}
              checked={checked === choice}
              onChange={() => void choose(choice)}
            />
            <span className={styles.text}>
              <span className={styles.name}>{t(`tickerName.${choice}`)}</span>
              <span className={styles.example}>{example(choice)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {data && !data.initial && <p className={styles.example}>{t('tickerName.noInitial')}</p>}
      {saved && (
        <p className={styles.saved} role="status">
          {t('tickerName.saved')}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
