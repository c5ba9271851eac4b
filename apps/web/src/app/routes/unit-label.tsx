import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { getInspectorSession, getPortalSession, getSession } from '@/lib/session';
import { inspectorSignInPath } from './inspector/guards';

/**
 * /u/:unitId, the address in a unit's QR label (docs/equipment.md "Asset labels"). Each app keeps
 * its own session, so the one signed in here decides where the unit opens: the inspector app (the
 * unit's checklist) first, as labels are scanned on site; then the dashboard (the unit in the
 * equipment register); then the client portal (the unit's site). Signed out: the inspector sign-in,
 * back to the unit afterwards. Every one of those screens asks the server, which checks access.
 */
export function unitLabelLoader({ params }: LoaderFunctionArgs) {
  const raw = params.unitId ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  // Not a unit's address: the route shows "Page not found".
  if (!id) return null;
  const unit = String(id);
  const inspectorUnit = paths.inspectorUnit.replace(':unitId', unit);
  if (getInspectorSession()) throw redirect(inspectorUnit);
  if (getSession()) throw redirect(`${paths.equipmentManagement}?unit=${unit}`);
  if (getPortalSession()) throw redirect(paths.portalUnit.replace(':unitId', unit));
  throw redirect(inspectorSignInPath(inspectorUnit));
}
