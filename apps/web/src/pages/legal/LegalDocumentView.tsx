import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textParts, type LegalDocument, type LegalItem, type LegalSection } from '../../i18n/legal';
import styles from './LegalDocument.module.css';

interface Props {
  doc: LegalDocument;
  /** Fills the {{placeholders}} of one text. */
  fill: (text: string) => string;
}

/** A filled text with its `[label](/path)` links as router links. */
function Text({ text, fill }: { text: string; fill: Props['fill'] }) {
  return (
    <>
      {textParts(fill(text)).map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link key={i} to={part.to}>
            {part.label}
          </Link>
        ),
      )}
    </>
  );
}

/** Long documents get a table of contents; the two-column notices are short enough without one. */
const hasToc = (doc: LegalDocument) => doc.layout !== 'table' && doc.sections.length >= 5;

function formatDate(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (lang === 'en') {
    return new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
  }
  return `${y}年${m}月${d}日`;
}

function Paragraphs({ texts, fill }: { texts?: string[]; fill: Props['fill'] }) {
  if (!texts?.length) return null;
  return (
    <>
      {texts.map((p, i) => (
        <p key={i} className={styles.paragraph}>
          <Text text={p} fill={fill} />
        </p>
      ))}
    </>
  );
}

function Items({ items, fill }: { items?: LegalItem[]; fill: Props['fill'] }) {
  if (!items?.length) return null;
  return (
    <ol className={styles.items}>
      {items.map((item, i) =>
        typeof item === 'string' ? (
          <li key={i}>
            <Text text={item} fill={fill} />
          </li>
        ) : (
          <li key={i}>
            <Text text={item.text} fill={fill} />
            <ol className={styles.subItems}>
              {item.items.map((sub, j) => (
                <li key={j}>
                  <Text text={sub} fill={fill} />
                </li>
              ))}
            </ol>
          </li>
        ),
      )}
    </ol>
  );
}

function SectionBody({ section, fill }: { section: LegalSection; fill: Props['fill'] }) {
  const { t } = useTranslation('legal');
  return (
    <>
      <Paragraphs texts={section.paragraphs} fill={fill} />
      <Items items={section.items} fill={fill} />
      <Paragraphs texts={section.notes} fill={fill} />
      {section.faq?.length ? (
        <dl className={styles.faq}>
          {section.faq.map((f, i) => (
            <div key={i} className={styles.qa}>
              <dt>
                <span className={styles.qaMark} aria-hidden="true">
                  {t('question')}
                </span>
                {fill(f.q)}
              </dt>
              <dd>
                <span className={styles.qaMark} aria-hidden="true">
                  {t('answer')}
                </span>
                <div>
                  {f.a.map((a, j) => (
                    <p key={j}>
                      <Text text={a} fill={fill} />
                    </p>
                  ))}
                </div>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

/** One legal document: title, dates, contents, and every section in its own box (spec section 2). */
export function LegalDocumentView({ doc, fill }: Props) {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language;
  const heading = (s: LegalSection, n: number) =>
    doc.layout === 'articles' ? t('article', { n, heading: fill(s.heading) }) : fill(s.heading);
  const showLabel = doc.label.toLowerCase() !== doc.title.toLowerCase();

  return (
    <article className={styles.document} data-legal-document={doc.layout}>
      <div className={styles.head}>
        {showLabel ? <p className={styles.label}>{doc.label}</p> : null}
        <h1 className={styles.title}>{fill(doc.title)}</h1>
        {doc.established || doc.revised ? (
          <p className={styles.dates}>
            {doc.established ? (
              <time dateTime={doc.established}>{t('established', { date: formatDate(doc.established, lang) })}</time>
            ) : null}
            {doc.revised ? (
              <time dateTime={doc.revised}>{t('revised', { date: formatDate(doc.revised, lang) })}</time>
            ) : null}
          </p>
        ) : null}
        <button type="button" className={styles.print} onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>

      {doc.intro?.length ? (
        <div className={styles.intro}>
          <Paragraphs texts={doc.intro} fill={fill} />
        </div>
      ) : null}

      {hasToc(doc) ? (
        <nav className={`${styles.box} ${styles.toc}`} aria-labelledby="legal-toc" id="toc">
          <h2 id="legal-toc" className={styles.tocTitle}>
            {t('toc')}
          </h2>
          <ol>
            {doc.sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{heading(s, i + 1)}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {doc.layout === 'table' ? (
        <div className={`${styles.box} ${styles.tableBox}`}>
          <table className={styles.table}>
            <tbody>
              {doc.sections.map((s) => (
                <tr key={s.id} id={s.id}>
                  <th scope="row">{fill(s.heading)}</th>
                  <td>
                    <SectionBody section={s} fill={fill} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        doc.sections.map((s, i) => (
          <section key={s.id} id={s.id} className={styles.box} aria-labelledby={`${s.id}-h`}>
            <h2 id={`${s.id}-h`} className={styles.sectionTitle}>
              {heading(s, i + 1)}
            </h2>
            <SectionBody section={s} fill={fill} />
            {hasToc(doc) ? (
              <a className={styles.backToToc} href="#toc">
                {t('backToToc')}
              </a>
            ) : null}
          </section>
        ))
      )}

      {doc.closing?.length ? (
        <div className={styles.closing}>
          <Paragraphs texts={doc.closing} fill={fill} />
        </div>
      ) : null}
    </article>
  );
}
