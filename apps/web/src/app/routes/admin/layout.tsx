import { AdminLayout } from '../../../features/admin/components/admin-layout';
import NotFoundPage from '../not-found';

/** /admin and below: the back office, for admins only (issue 8). */
export default function AdminLayoutRoute() {
  return <AdminLayout notFound={<NotFoundPage />} />;
}
