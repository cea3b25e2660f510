import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Permission } from '@oripa/core/admin';
import { can } from '@oripa/core/admin';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { AdminHome, AdminLayout } from './AdminLayout';
import { RequireStaff, useStaff } from './components/RequireStaff';
import { LoginPage } from './pages/auth/LoginPage';
import { SecondFactorPage } from './pages/auth/SecondFactorPage';
import { SetupPage } from './pages/auth/SetupPage';
import { adminPages, noticesPage } from './routes';

/** A page the role may not open says so (its calls would be refused by the server anyway). */
function Permitted({ permission, page: Page }: { permission: Permission; page: ComponentType }) {
  const staff = useStaff();
  const { t } = useTranslation('admin-common');
  if (!can(staff.role, permission)) {
    return (
      <p role="alert" className="a-alert">
        {t('forbidden')}
      </p>
    );
  }
  return <Page />;
}

export function createAdminRouter() {
  return createBrowserRouter([
    { path: '/admin/login', element: <LoginPage /> },
    { path: '/admin/setup', element: <SetupPage /> },
    { path: '/admin/2fa', element: <SecondFactorPage /> },
    {
      path: '/admin',
      element: (
        <RequireStaff>
          <AdminLayout />
        </RequireStaff>
      ),
      children: [
        { index: true, element: <AdminHome /> },
        // Every role has an inbox; what is in it follows the role (the server filters by permission).
        { path: noticesPage.path, element: <noticesPage.page /> },
        ...adminPages.map((p) => ({ path: p.path, element: <Permitted permission={p.permission} page={p.page} /> })),
      ],
    },
    { path: '*', element: <Navigate to="/admin" replace /> },
  ]);
}

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
const router = createAdminRouter();
