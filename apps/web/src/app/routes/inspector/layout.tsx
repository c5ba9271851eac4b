import { Outlet } from 'react-router';
import { OrganisationDateFormat } from '../../organisation-date-format';

/**
 * The inspector app: bare pages outside /dashboard (no dashboard header, sidebar or footer), each
 * with its own app bar. Its session is its own (app/routes/inspector/guards.ts).
 */
function InspectorLayout() {
  return (
    <>
      <OrganisationDateFormat />
      <Outlet />
    </>
  );
}

export { InspectorLayout as Component };
