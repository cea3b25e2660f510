import { can } from '@oripa/core/admin';
import { useStaff } from '../../components/RequireStaff';

/** Whether this staff member may change programme settings (support reads them only). */
export const useCanWriteProgrammes = () => can(useStaff().role, 'programmes.write');
