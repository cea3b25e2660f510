import type { StaffMe } from '@oripa/core/admin';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useStaffSession } from '../api/session';

const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff member (inside RequireStaff). */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside RequireStaff');
  return staff;
}

/**
 * Lets only a fully signed-in staff member through: no session → /admin/login (coming back afterwards), password
 * done but not the second factor → /admin/2fa.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin-common');
  const location = useLocation();
  const { data, isPending } = useStaffSession();
  if (isPending) return <p className="a-loading">{t('loading')}</p>;
  const staff = data?.state === 200 ? data.staff : undefined;
  if (!staff) {
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/admin/login?back=${back}`} replace />;
  }
  if (staff.stage !== 'full') return <Navigate to="/admin/2fa" replace />;
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}
