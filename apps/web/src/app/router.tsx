import { useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { InlineRouteError, RouteError } from '@/components/errors/route-error';
import { dashboardChildPath, paths } from '@/config/paths';
import { setInspectorUnauthorizedHandler, setUnauthorizedHandler } from '@/lib/api-client';
import { endInspectorSession, endSession } from '@/lib/session';
import { redirectIfSignedInLoader, requireSessionLoader } from './routes/guards';
import {
  INSPECTOR_SESSION_ROUTE_ID,
  inspectorSignInPath,
  redirectIfInspectorSignedInLoader,
  requireInspectorSessionLoader,
} from './routes/inspector/guards';
import { RootHydrateFallback, RootRoute } from './routes/root';

/** Every page is lazy-loaded, so a navigation shows the global loading overlay while code loads. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.login,
    Component: RootRoute,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: redirectIfSignedInLoader, lazy: () => import('./routes/login') },
      { path: paths.acceptInvitation, lazy: () => import('./routes/accept-invitation') },
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password') },
      {
        id: 'dashboard',
        path: paths.home,
        loader: requireSessionLoader,
        lazy: () => import('./routes/dashboard/root'),
        children: [
          {
            ErrorBoundary: InlineRouteError,
            children: [
              { index: true, lazy: () => import('./routes/dashboard/home') },
              {
                path: dashboardChildPath(paths.userManagement),
                lazy: () => import('./routes/dashboard/user-management'),
              },
              {
                path: dashboardChildPath(paths.siteManagement),
                lazy: () => import('./routes/dashboard/site-management'),
              },
              {
                path: `${dashboardChildPath(paths.siteManagement)}/new`,
                lazy: () => import('./routes/dashboard/site-new'),
              },
              {
                path: `${dashboardChildPath(paths.siteManagement)}/:siteId`,
                lazy: () => import('./routes/dashboard/site-details'),
              },
              {
                path: `${dashboardChildPath(paths.siteManagement)}/:siteId/edit`,
                lazy: () => import('./routes/dashboard/site-edit'),
              },
              {
                path: dashboardChildPath(paths.inspectionManagement),
                lazy: () => import('./routes/dashboard/inspection-management'),
              },
              {
                path: `${dashboardChildPath(paths.inspectionManagement)}/inspections/:inspectionId`,
                lazy: () => import('./routes/dashboard/inspection-detail'),
              },
              {
                path: `${dashboardChildPath(paths.inspectionManagement)}/actions/:actionId`,
                lazy: () => import('./routes/dashboard/corrective-action'),
              },
              {
                path: dashboardChildPath(paths.equipmentManagement),
                lazy: () => import('./routes/dashboard/equipment-management'),
              },
              {
                path: dashboardChildPath(paths.equipmentTypes),
                lazy: () => import('./routes/dashboard/equipment-types'),
              },
              {
                path: dashboardChildPath(paths.inspectionCategories),
                lazy: () => import('./routes/dashboard/inspection-categories'),
              },
              {
                path: dashboardChildPath(paths.templates),
                lazy: () => import('./routes/dashboard/templates'),
              },
              {
                path: dashboardChildPath(paths.templateBuilder),
                lazy: () => import('./routes/dashboard/template-builder'),
              },
              { path: dashboardChildPath(paths.settings), lazy: () => import('./routes/dashboard/settings') },
              {
                path: dashboardChildPath(paths.notifications),
                lazy: () => import('./routes/dashboard/notifications'),
              },
              { path: dashboardChildPath(paths.search), lazy: () => import('./routes/dashboard/search') },
              {
                path: dashboardChildPath(paths.shop),
                lazy: () => import('./routes/dashboard/shop/layout'),
                // Paths below /dashboard/shop (config/paths.ts names them in full).
                children: [
                  { index: true, lazy: () => import('./routes/dashboard/shop/products') },
                  { path: 'products', lazy: () => import('./routes/dashboard/shop/products') },
                  { path: 'products/:productId', lazy: () => import('./routes/dashboard/shop/product') },
                  { path: 'categories', lazy: () => import('./routes/dashboard/shop/categories') },
                  { path: 'inventory', lazy: () => import('./routes/dashboard/shop/inventory') },
                  { path: 'orders', lazy: () => import('./routes/dashboard/shop-orders') },
                  { path: 'orders/new', lazy: () => import('./routes/dashboard/shop-orders-new') },
                  { path: 'orders/:orderId', lazy: () => import('./routes/dashboard/shop-orders-order') },
                  { path: 'bills', lazy: () => import('./routes/dashboard/shop-bills') },
                  { path: 'bills/:billId', lazy: () => import('./routes/dashboard/shop-bills-bill') },
                ],
              },
            ],
          },
        ],
      },
      {
        // The inspector app: bare pages (no dashboard shell), its own session (docs/inspections.md).
        path: paths.inspector,
        lazy: () => import('./routes/inspector/layout'),
        children: [
          {
            path: 'sign-in',
            loader: redirectIfInspectorSignedInLoader,
            lazy: () => import('./routes/inspector/sign-in'),
          },
          {
            id: INSPECTOR_SESSION_ROUTE_ID,
            loader: requireInspectorSessionLoader,
            children: [
              { index: true, lazy: () => import('./routes/inspector/assignments') },
              { path: 'assignments/:assignmentId', lazy: () => import('./routes/inspector/assignment') },
            ],
          },
        ],
      },
      // Public report verification (docs/verification.md): bare, no session needed.
      { path: paths.verify, lazy: () => import('./routes/verify') },
      { path: paths.verifySeal, lazy: () => import('./routes/verify') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // SPEC.md 4 and 8: a 401 from any call (but the login call) ends the session and goes to /.
  setUnauthorizedHandler(() => {
    endSession();
    void router.navigate(paths.login, { replace: true });
  });
  // The inspector app's 401 ends only its own session and returns to its sign-in, then back here.
  setInspectorUnauthorizedHandler(() => {
    endInspectorSession();
    const { pathname, search } = router.state.location;
    void router.navigate(inspectorSignInPath(`${pathname}${search}`), { replace: true });
  });
  return router;
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
