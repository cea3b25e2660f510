import { RANK_ORDER, type PackDetail } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../hooks/use-format';
import { CopyButton } from '../ui/CopyButton';
import styles from './FairnessBox.module.css';
import { LockIcon } from './PackIcons';
import { num } from '../../lib/format/datetime';

/** The pack's fairness proof: the seed commitment, live remaining per rank, the public draw log, the revealed seed. */
export function FairnessBox({ pack }: { pack: PackDetail }) {
  const { t } = useTranslation('pack');
  const fmt = useFormat();
  const { fairness } = pack;
  return (
    <section className={styles.box} aria-labelledby="fairness-title">
      <h2 id="fairness-title" className={styles.title}>
        <LockIcon /> {t('fairness.title')}
      </h2>
      <p className={styles.lead}>{t('fairness.lead')}</p>
      <div className={styles.field}>
        <span className={styles.label}>{t('fairness.commitment')}</span>
        <code className={styles.hash} data-testid="seed-hash">
          {fairness.seed_hash}
        </code>
        <CopyButton text={fairness.seed_hash} what={t('fairness.commitment')} />
      </div>
      {fairness.seed ? (
        <div className={styles.field}>
          <span className={styles.label}>{t('fairness.seed', { at: fairness.revealed_at ?? '' })}</span>
          <code className={styles.hash}>{fairness.seed}</code>
          <Link className={styles.verify} to={`/fairness?packId=${pack.id}`}>
            {t('fairness.verify')}
          </Link>
        </div>
      ) : (
        <p className={styles.pending}>{t('fairness.notRevealed')}</p>
      )}
      <div className={styles.ranks} aria-live="polite">
        <span className={styles.label}>{t('fairness.remaining')}</span>
        <ul>
          {RANK_ORDER.map((r) => (
            <li key={r} className={styles[`r${r}`]}>
              <span className={styles.rk}>{r}</span>
              <span className={styles.rv} data-testid={`remaining-${r}`}>
                {num(pack.remaining_by_rank?.[r])}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <details className={styles.log} open={pack.draw_log.length > 0 && pack.draw_log.length <= 10}>
        <summary>{t('fairness.log', { count: pack.draw_log.length })}</summary>
        {pack.draw_log.length === 0 ? (
          <p className={styles.pending}>{t('fairness.logEmpty')}</p>
        ) : (
          // The log scrolls inside its box (a sold-out pack of 10 opens it with every line): the region takes the
          // focus so keys scroll it too.
          <div
            className={styles.tableWrap}
            tabIndex={0}
            role="region"
            aria-label={t('fairness.log', { count: pack.draw_log.length })}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('fairness.colTime')}</th>
                  <th scope="col">{t('fairness.colRank')}</th>
                  <th scope="col">{t('fairness.colMember')}</th>
                  <th scope="col">{t('fairness.colTicket')}</th>
                </tr>
              </thead>
              <tbody>
                {pack.draw_log.map((e, i) => (
                  <tr key={`${e.ticket_no}-${i}`}>
                    <td>{fmt.dateTime(e.created)}</td>
                    <td>{e.rank}</td>
                    <td>{e.member}</td>
                    <td>#{e.ticket_no}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
      <p>
        <Link to={`/fairness?packId=${pack.id}`}>{t('fairness.howLink')}</Link>
      </p>
    </section>
  );
}
