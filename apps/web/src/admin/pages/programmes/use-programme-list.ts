import { can } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, isOk, type ApiReply, type Reply } from '../../../api/client';
import { useStaff } from '../../components/RequireStaff';

/**
 * What every programme settings page holds: its rows, whether this staff member may change them (support reads
 * only), the notice line, `report`, which turns a write's reply into that notice and reloads the rows, and `saved`.
 */
export function useProgrammeList<Row>(key: string, fetchRows: () => Promise<Reply<{ rows: Row[] }>>) {
  const { t } = useTranslation('admin-programmes');
  const canWrite = can(useStaff().role, 'programmes.write');
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'programmes', key];
  const list = useQuery({ queryKey, queryFn: fetchRows });
  const [notice, setNotice] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const rows = isOk(list.data) ? list.data.rows : [];
  /** Loaded, and nothing there (not: still loading). */
  const empty = isOk(list.data) && rows.length === 0;

  async function report(reply: ApiReply, done: string) {
    setNotice(reply.state === 200 ? done : (firstError(reply, 'general') ?? t('admin-common:failed')));
    await refresh();
  }

  /** After a settings form saved: say so and reload. */
  async function saved() {
    setNotice(t('saved'));
    await refresh();
  }

  return { t, canWrite, rows, empty, notice, report, saved };
}
