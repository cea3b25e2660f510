import type { CommunityPost } from '@oripa/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePosts } from '../../api/site';
import { Pager } from '../../components/ui/Pager';
import { useDeferredReply } from '../../hooks/use-deferred-reply';
import { dateTime, langOf, tokyoIso } from '../../lib/format/datetime';
import styles from './PostList.module.css';

function PostCard({ post }: { post: CommunityPost }) {
  const { t, i18n } = useTranslation('top');
  // Not useFormat: its relative times (Intl) would join the top page's first bundle for nothing.
  const lang = langOf(i18n.language);
  return (
    <article className={styles.post}>
      <header className={styles.postHead}>
        <h3 className={styles.postTitle}>{post.title}</h3>
        <p className={styles.meta}>
          <span className={styles.author}>
            {t('posts.author', { lastName: post.lastName, firstName: post.firstName })}
          </span>
          <time dateTime={tokyoIso(post.created)}>{dateTime(post.created, lang)}</time>
        </p>
      </header>
      <p className={styles.content}>{post.content}</p>
      {post.images.length > 0 && (
        <div className={styles.images}>
          {post.images.map((src, i) => (
            <img
              key={`${src}-${i}`}
              src={src}
              alt={t('posts.imageAlt', { title: post.title, index: i + 1 })}
              // The box is 4:3 whatever the picture (PostList.module.css); the size says so before it arrives.
              width={400}
              height={300}
              loading="lazy"
              decoding="async"
              className={styles.image}
            />
          ))}
        </div>
      )}
    </article>
  );
}

/** The community post list with the spec's pager (first, previous, pages, next, last). */
export function PostList() {
  const { t } = useTranslation('top');
  const [page, setPage] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const query = usePosts(page);
  const { data, isPending } = useDeferredReply(query);
  const { isFetching, refetch } = query;

  const changePage = (p: number) => {
    setPage(p);
    // Keep the reader at the list (not the page top), and tell screen readers where they are.
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  };

  let body;
  if (isPending) {
    body = (
      <div className={styles.skeletons} role="status" aria-label={t('posts.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeleton} />
        ))}
      </div>
    );
  } else if (data?.state !== 200) {
    body = (
      <div className={styles.state} role="alert">
        <p>{t('posts.error')}</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {t('posts.retry')}
        </button>
      </div>
    );
  } else if (!data.list?.length) {
    body = <p className={styles.state}>{t('posts.empty')}</p>;
  } else {
    body = (
      <>
        <div className={styles.list} aria-busy={isFetching || undefined}>
          {data.list.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </div>
        {data.page && <Pager page={data.page} onPage={changePage} />}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="top-posts-title">
      <h2 id="top-posts-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t('posts.title')}
      </h2>
      <p className={styles.lead}>{t('posts.lead')}</p>
      {body}
    </section>
  );
}
