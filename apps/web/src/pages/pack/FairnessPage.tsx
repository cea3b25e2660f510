import type { PackFairnessReply } from '@oripa/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { failed, usePackDetail, usePackFairness } from '../../api/packs';
import { parseId } from '../../lib/pack/query-params';
import { runFairnessChecks } from './fairness-checks';
import styles from './FairnessPage.module.css';
import page from './PackPages.module.css';
import { DROP_NS } from '../../components/pack/drop-i18n';
import './fair-i18n';
import { SubmitButton } from '../../components/ui/SubmitButton';

/** /fairness?packId: how the commitment works, and a verification that runs entirely in this browser. */
export function FairnessPage() {
  const { t } = useTranslation('pack');
  const [params] = useSearchParams();
  const packId = parseId(params.get('packId'));
  return (
    <article className={`${page.page} ${page.narrow}`} aria-labelledby="fair-title">
      <h1 id="fair-title" className={page.h1}>
        {t('fair.title')}
      </h1>
      <p>{t('fair.intro')}</p>
      <ol className={styles.steps}>
        {(['step1', 'step2', 'step3', 'step4'] as const).map((k) => (
          <li key={k}>
            <strong>{t(`fair.${k}Title`)}</strong>
            <span>{t(`fair.${k}`)}</span>
          </li>
        ))}
      </ol>
      <h2 className={page.h2}>{t(`${DROP_NS}:queueTitle`)}</h2>
      <p>{t(`${DROP_NS}:queue`)}</p>
      {packId === null ? <PackPicker /> : <Verifier packId={packId} />}
    </article>
  );
}

function PackPicker() {
  const { t } = useTranslation('pack');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <form
      method="post"
      className={`${page.panel} ${styles.picker}`}
      onSubmit={(e) => {
        e.preventDefault();
        const id = parseId(value.trim());
        if (id) navigate(`/fairness?packId=${id}`);
      }}
    >
      <label htmlFor="fair-pack">{t('fair.pickLabel')}</label>
      <input id="fair-pack" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      <SubmitButton className={page.primary}>{t('fair.pickButton')}</SubmitButton>
    </form>
  );
}

function Verifier({ packId }: { packId: number }) {
  const { t } = useTranslation('pack');
  const fair = usePackFairness(packId);
  const detail = usePackDetail(packId, 0);
  const f = fair.data as PackFairnessReply | undefined;
  const d = detail.data?.detail;
  const checks = useMemo(
    () => (f && !failed(fair.data) && f.fairness?.seed && !detail.isPending ? runFairnessChecks(f, d ?? null) : null),
    [f, d, fair.data, detail.isPending],
  );
  if (fair.isPending) return <p role="status">{t('fair.loading')}</p>;
  if (failed(fair.data) || !f) {
    return (
      <p className={page.alert} role="alert">
        {fair.data?.state === 404 ? t('detail.notFound') : t('fair.error')}
      </p>
    );
  }
  const allOk = checks?.every((c) => c.ok) ?? false;
  return (
    <section className={page.panel} aria-labelledby="verify-title">
      <h2 id="verify-title" className={page.h2}>
        {t('fair.verifyTitle', { name: d?.name ?? `#${packId}` })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('fairness.commitment')}</dt>
        <dd>
          <code>{f.fairness.seed_hash}</code>
        </dd>
        <dt>{t('fair.algorithm')}</dt>
        <dd>
          <code>{f.fairness.algorithm}</code>
        </dd>
        <dt>{t('fair.tickets')}</dt>
        <dd>{t('fair.ticketsValue', { total: f.total_pack_count, drawn: f.draws.length })}</dd>
        {f.fairness.seed && (
          <>
            <dt>{t('fair.seedLabel')}</dt>
            <dd>
              <code>{f.fairness.seed}</code>
            </dd>
          </>
        )}
      </dl>
      {!checks ? (
        <p className={page.warn}>{t('fair.notYet')}</p>
      ) : (
        <>
          <p className={allOk ? styles.verdictOk : styles.verdictNg} role="status" data-testid="fair-verdict">
            {allOk ? t('fair.allOk') : t('fair.someNg')}
          </p>
          <ul className={styles.checks}>
            {checks.map((c) => (
              <li key={c.id} className={c.ok ? styles.ok : styles.ng}>
                <span className={styles.mark} aria-hidden="true">
                  {c.ok ? '✓' : '✗'}
                </span>
                <span>
                  <span className="visually-hidden">{c.ok ? t('fair.pass') : t('fair.fail')}: </span>
                  {t(`fair.check.${c.id}${c.ok ? 'Ok' : 'Ng'}`, c.values)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={`/pack-detail?packId=${packId}`}>{t('fair.toPack')}</Link>
      </p>
    </section>
  );
}
