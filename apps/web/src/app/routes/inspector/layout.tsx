import { Outlet } from 'react-router';

/**
 * The inspector app: bare pages outside /dashboard (no dashboard header, sidebar or footer), each
 * with its own app bar. Its session is its own (app/routes/inspector/guards.ts).
 */
function InspectorLayout() {
  return <Outlet />;
}

export { InspectorLayout as Component };
