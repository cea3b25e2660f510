import type { PageObject, PointCourse } from '@oripa/core';
import { useSearchParams } from 'react-router';
import { CourseCard } from './CourseCard';
import { LoadState } from './LoadState';
import styles from './Payment.module.css';
import { Pager } from '../ui/Pager';

/**
 * A page of point or coin courses: loading or error state, the empty text, the cards (each linking to `href(id)`),
 * and the pager, which keeps its page in the address (?page=).
 */
export function CourseListBody({
  query,
  href,
  empty,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
    data?: { list?: PointCourse[]; page?: PageObject } | undefined;
  };
  href: (id: number) => string;
  empty: string;
}) {
  const [, setParams] = useSearchParams();
  const list = query.data?.list ?? [];
  return (
    <>
      {query.isPending || query.isError ? (
        <LoadState error={query.isError} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <p className={styles.card}>{empty}</p>
      ) : (
        <ul className={styles.courseList}>
          {list.map((c) => (
            <CourseCard key={c.id} course={c} href={href(c.id)} />
          ))}
        </ul>
      )}
      {query.data?.page && (
        <Pager
          page={query.data.page}
          onPage={(p) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.set('page', String(p));
              return next;
            })
          }
        />
      )}
    </>
  );
}
