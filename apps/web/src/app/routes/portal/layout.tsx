import type { SessionUser } from '@inspecta/contract';
import { Outlet, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { LazyPortalSignIn, PortalShell } from '@/features/portal';
import { OrganisationDateFormat } from '../../organisation-date-format';
import { safePortalNext } from './guards';

/**
 * The client portal: bare pages outside /dashboard, with its own top bar and its own session
 * (app/routes/portal/guards.ts). Signed out, /portal is the sign-in.
 */
function PortalLayout() {
  const { user } = useLoaderData() as { user: SessionUser | null };
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (!user)
    return (
      <LazyPortalSignIn onSuccess={() => navigate(safePortalNext(params.get('next')), { replace: true })} />
    );
  return (
    <PortalShell user={user}>
      <OrganisationDateFormat />
      <Outlet />
    </PortalShell>
  );
}

export { PortalLayout as Component };
