import { AdminLayout } from '../../../features/admin/components/admin-layout';
import { AdminSignInAgain } from '../../admin-sign-in-again';
import NotFoundPage from '../not-found';

/** /admin and below: the back office, for admins only. */
export default function AdminLayoutRoute() {
  return <AdminLayout notFound={<NotFoundPage />} signInAgain={<AdminSignInAgain />} />;
}
