import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { InlineRouteError, RouteError } from '@/components/errors/route-error';
import { dashboardChildPath, paths } from '@/config/paths';
import {
  setInspectorUnauthorizedHandler,
  setPortalUnauthorizedHandler,
  setUnauthorizedHandler,
} from '@/lib/api-client';
import { endInspectorSession, endPortalSession, endSession } from '@/lib/session';
import { redirectIfSignedInLoader, requireSessionLoader } from './routes/guards';
import {
  INSPECTOR_SESSION_ROUTE_ID,
  inspectorSignInPath,
  redirectIfInspectorSignedInLoader,
  requireInspectorSessionLoader,
} from './routes/inspector/guards';
import {
  PORTAL_SESSION_ROUTE_ID,
  portalHomeLoader,
  portalHomeTitle,
  portalSessionLoader,
  portalSignInPath,
} from './routes/portal/guards';
import { RootHydrateFallback, RootRoute } from './routes/root';
import { unitLabelLoader } from './routes/unit-label';

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
      {
        path: paths.acceptInvitation,
        handle: { title: 'Accept invitation' },
        lazy: () => import('./routes/accept-invitation'),
      },
      {
        path: paths.forgotPassword,
        handle: { title: 'Reset your password' },
        lazy: () => import('./routes/forgot-password'),
      },
      {
        id: 'dashboard',
        path: paths.home,
        loader: requireSessionLoader,
        lazy: () => import('./routes/dashboard/root'),
        children: [
          {
            ErrorBoundary: InlineRouteError,
            children: [
              { index: true, handle: { title: 'Home' }, lazy: () => import('./routes/dashboard/home') },
              {
                path: dashboardChildPath(paths.userManagement),
                handle: { title: 'User Management' },
                lazy: () => import('./routes/dashboard/user-management'),
              },
              {
                path: dashboardChildPath(paths.siteManagement),
                handle: { title: 'Site Management' },
                lazy: () => import('./routes/dashboard/site-management'),
              },
              {
                path: `${dashboardChildPath(paths.siteManagement)}/new`,
                handle: { title: 'New site' },
                lazy: () => import('./routes/dashboard/site-new'),
              },
              {
                path: `${dashboardChildPath(paths.siteManagement)}/:siteId`,
                handle: { title: 'Site' },
                lazy: () => import('./routes/dashboard/site-details'),
              },
              {
                path: `${dashboardChildPath(paths.siteManagement)}/:siteId/edit`,
                handle: { title: 'Edit site' },
                lazy: () => import('./routes/dashboard/site-edit'),
              },
              {
                path: dashboardChildPath(paths.inspectionManagement),
                handle: { title: 'Inspection Management' },
                lazy: () => import('./routes/dashboard/inspection-management'),
              },
              {
                path: `${dashboardChildPath(paths.inspectionManagement)}/inspections/:inspectionId`,
                handle: { title: 'Inspection' },
                lazy: () => import('./routes/dashboard/inspection-detail'),
              },
              {
                path: `${dashboardChildPath(paths.inspectionManagement)}/actions/:actionId`,
                handle: { title: 'Corrective action' },
                lazy: () => import('./routes/dashboard/corrective-action'),
              },
              {
                path: dashboardChildPath(paths.equipmentManagement),
                handle: { title: 'Equipment Management' },
                lazy: () => import('./routes/dashboard/equipment-management'),
              },
              {
                path: dashboardChildPath(paths.equipmentTypes),
                handle: { title: 'Equipment' },
                lazy: () => import('./routes/dashboard/equipment-types'),
              },
              {
                path: dashboardChildPath(paths.inspectionCategories),
                handle: { title: 'Inspection' },
                lazy: () => import('./routes/dashboard/inspection-categories'),
              },
              {
                path: dashboardChildPath(paths.templates),
                handle: { title: 'Template Management' },
                lazy: () => import('./routes/dashboard/templates'),
              },
              {
                path: dashboardChildPath(paths.templateBuilder),
                handle: { title: 'Template builder' },
                lazy: () => import('./routes/dashboard/template-builder'),
              },
              {
                path: dashboardChildPath(paths.settings),
                handle: { title: 'Settings' },
                lazy: () => import('./routes/dashboard/settings'),
              },
              {
                path: dashboardChildPath(paths.notifications),
                handle: { title: 'Notifications' },
                lazy: () => import('./routes/dashboard/notifications'),
              },
              {
                path: dashboardChildPath(paths.activity),
                handle: { title: 'Activity log' },
                lazy: () => import('./routes/dashboard/activity'),
              },
              {
                path: dashboardChildPath(paths.search),
                handle: { title: 'Search results' },
                lazy: () => import('./routes/dashboard/search'),
              },
              {
                path: dashboardChildPath(paths.shop),
                handle: { title: 'Shop' },
                lazy: () => import('./routes/dashboard/shop/layout'),
                // Paths below /dashboard/shop (config/paths.ts names them in full).
                children: [
                  {
                    index: true,
                    handle: { title: 'Products' },
                    lazy: () => import('./routes/dashboard/shop/products'),
                  },
                  {
                    path: 'products',
                    handle: { title: 'Products' },
                    lazy: () => import('./routes/dashboard/shop/products'),
                  },
                  {
                    path: 'products/:productId',
                    handle: { title: 'Product' },
                    lazy: () => import('./routes/dashboard/shop/product'),
                  },
                  {
                    path: 'categories',
                    handle: { title: 'Shop categories' },
                    lazy: () => import('./routes/dashboard/shop/categories'),
                  },
                  {
                    path: 'inventory',
                    handle: { title: 'Inventory' },
                    lazy: () => import('./routes/dashboard/shop/inventory'),
                  },
                  {
                    path: 'orders',
                    handle: { title: 'Orders' },
                    lazy: () => import('./routes/dashboard/shop-orders'),
                  },
                  {
                    path: 'orders/new',
                    handle: { title: 'New order' },
                    lazy: () => import('./routes/dashboard/shop-orders-new'),
                  },
                  {
                    path: 'orders/:orderId',
                    handle: { title: 'Order' },
                    lazy: () => import('./routes/dashboard/shop-orders-order'),
                  },
                  {
                    path: 'bills',
                    handle: { title: 'Bills' },
                    lazy: () => import('./routes/dashboard/shop-bills'),
                  },
                  {
                    path: 'bills/:billId',
                    handle: { title: 'Bill' },
                    lazy: () => import('./routes/dashboard/shop-bills-bill'),
                  },
                ],
              },
              // Any other path under /dashboard keeps the shell (SPEC.md, Layout).
              {
                path: '*',
                handle: { title: 'Page not found' },
                lazy: () => import('./routes/dashboard/not-found'),
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
            handle: { title: 'Inspector sign-in' },
            lazy: () => import('./routes/inspector/sign-in'),
          },
          {
            id: INSPECTOR_SESSION_ROUTE_ID,
            loader: requireInspectorSessionLoader,
            children: [
              {
                index: true,
                handle: { title: 'My assignments' },
                lazy: () => import('./routes/inspector/assignments'),
              },
              {
                path: 'assignments/:assignmentId',
                handle: { title: 'Inspection' },
                lazy: () => import('./routes/inspector/assignment'),
              },
              {
                path: 'scan',
                handle: { title: 'Scan label' },
                lazy: () => import('./routes/inspector/scan'),
              },
              {
                path: 'units/:unitId',
                handle: { title: 'Scanned unit' },
                lazy: () => import('./routes/inspector/unit'),
              },
            ],
          },
        ],
      },
      {
        // The client portal: bare pages, its own session; /portal is the sign-in when signed out
        // (docs/portal.md). Every page below needs a client's portal session.
        id: PORTAL_SESSION_ROUTE_ID,
        path: paths.portal,
        loader: portalSessionLoader,
        lazy: () => import('./routes/portal/layout'),
        children: [
          {
            ErrorBoundary: InlineRouteError,
            children: [
              {
                index: true,
                loader: portalHomeLoader,
                handle: { title: portalHomeTitle },
                lazy: () => import('./routes/portal/overview'),
              },
              {
                path: 'sites/:siteId',
                handle: { title: 'Site' },
                lazy: () => import('./routes/portal/site'),
              },
              {
                path: 'inspections/:inspectionId',
                handle: { title: 'Inspection' },
                lazy: () => import('./routes/portal/inspection'),
              },
              {
                path: 'requests',
                handle: { title: 'Requests' },
                lazy: () => import('./routes/portal/requests'),
              },
              {
                path: 'actions/:actionId',
                handle: { title: 'Corrective action' },
                lazy: () => import('./routes/portal/action'),
              },
              {
                path: 'notifications',
                handle: { title: 'Notifications' },
                lazy: () => import('./routes/portal/notifications'),
              },
              { path: 'shop', handle: { title: 'Shop' }, lazy: () => import('./routes/portal/shop') },
              { path: 'orders', handle: { title: 'Orders' }, lazy: () => import('./routes/portal/orders') },
              {
                path: 'orders/:orderId',
                handle: { title: 'Order' },
                lazy: () => import('./routes/portal/order'),
              },
              { path: 'bills', handle: { title: 'Bills' }, lazy: () => import('./routes/portal/bills') },
              {
                path: 'account',
                handle: { title: 'Account' },
                lazy: () => import('./routes/portal/account'),
              },
              {
                path: 'units/:unitId',
                handle: { title: 'Unit' },
                lazy: () => import('./routes/portal/unit'),
              },
              {
                path: '*',
                handle: { title: 'Page not found' },
                lazy: () => import('./routes/portal/not-found'),
              },
            ],
          },
        ],
      },
      // Public report verification (docs/verification.md): bare, no session needed.
      { path: paths.verify, handle: { title: 'Verify a report' }, lazy: () => import('./routes/verify') },
      { path: paths.verifySeal, handle: { title: 'Verify a report' }, lazy: () => import('./routes/verify') },
      // A unit's QR label (docs/equipment.md): sends each signed-in app on to the unit.
      {
        path: paths.unitLabel,
        loader: unitLabelLoader,
        handle: { title: 'Page not found' },
        lazy: () => import('./routes/not-found'),
      },
      { path: '*', handle: { title: 'Page not found' }, lazy: () => import('./routes/not-found') },
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
    // Already on the sign-in (a request sent just before signing out answered late): stay there.
    if (pathname === paths.inspectorSignIn) return;
    void router.navigate(inspectorSignInPath(`${pathname}${search}`), { replace: true });
  });
  // The portal's 401 ends only the portal's session and returns to its sign-in, then back here.
  setPortalUnauthorizedHandler(() => {
    endPortalSession();
    const { pathname, search } = router.state.location;
    void router.navigate(portalSignInPath(`${pathname}${search}`), { replace: true });
  });
  return router;
}

/** The page's one router, made on the first render that needs it. */
let appRouter: ReturnType<typeof createAppRouter> | undefined;

/**
 * Not a state initializer: the first render is a transition that a lazy route suspends, and React
 * runs the initializer of a render it redoes again, so the page made two routers, each matching the
 * routes and listening to the history, in two long tasks (docs/performance.md).
 */
export function AppRouter() {
  appRouter ??= createAppRouter();
  return <RouterProvider router={appRouter} />;
}
