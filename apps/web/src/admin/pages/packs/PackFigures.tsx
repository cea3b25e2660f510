import { RANK_ORDER } from '@oripa/core';
import type { AdminPackDetail } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A published pack's live figures, its commitment (and seed once revealed) and the links to see it as members do. */
export function PackFigures({ pack }: { pack: AdminPackDetail }) {
  const { t } = useTranslation('admin-catalogue');
  const f = pack.figures;
  const unit = t(`currencies.${pack.payment_method}`);
  return (
    <section className="a-card" aria-labelledby="pack-figures">
      <h2 id="pack-figures" style={{ marginTop: 0 }}>
        {t('figures')}
      </h2>
      {f ? (
        <dl className="a-figures">
          <div>
            <dt>{t('sold')}</dt>
            <dd data-testid="figure-sold">
              {f.sold.toLocaleString()} / {pack.total.toLocaleString()}
            </dd>
          </div>
          <div>
            <dt>{t('remaining')}</dt>
            <dd>{f.remaining.toLocaleString()}</dd>
          </div>
          {RANK_ORDER.map((r) => (
            <div key={r}>
              <dt>
                {r} {t('remaining')}
              </dt>
              <dd>{f.remaining_by_rank[r].toLocaleString()}</dd>
            </div>
          ))}
          <div>
            <dt>{t('revenue')}</dt>
            <dd>
              {f.revenue.toLocaleString()} {unit}
            </dd>
          </div>
          <div>
            <dt>{t('purchases')}</dt>
            <dd>{f.purchases.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{t('buyers')}</dt>
            <dd>{f.buyers.toLocaleString()}</dd>
          </div>
          {f.last_one_winner ? (
            <div>
              <dt>{t('lastOneWinner')}</dt>
              <dd data-testid="last-one-winner">
                <Link to={`/admin/members/${f.last_one_winner.member_id}`}>{f.last_one_winner.name}</Link>{' '}
                {t('lastOneWon', { purchase: f.last_one_winner.purchase_id, date: f.last_one_winner.created })}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <dl className="a-dl" style={{ marginTop: 12 }}>
        <dt>{t('commitment')}</dt>
        <dd className="a-hash" data-testid="commitment">
          {pack.seed_hash}
        </dd>
        {pack.revealed_seed ? (
          <>
            <dt>{t('seed')}</dt>
            <dd className="a-hash">{pack.revealed_seed}</dd>
          </>
        ) : null}
      </dl>
      <p className="a-row" style={{ marginBottom: 0 }}>
        <a href={`/pack-detail?packId=${pack.pack_id}`} target="_blank" rel="noreferrer">
          {t('storefrontLink')}
        </a>
        <a href={`/fairness?packId=${pack.pack_id}`} target="_blank" rel="noreferrer">
          {t('fairnessLink')}
        </a>
      </p>
    </section>
  );
}
