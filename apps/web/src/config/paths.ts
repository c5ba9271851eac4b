/** Every route of the client, in one place. SPEC.md section 2 fixes these paths. */
export const paths = {
  login: '/',
  home: '/dashboard',
  userManagement: '/dashboard/user-management',
  siteManagement: '/dashboard/site-management',
  inspectionManagement: '/dashboard/inspection-management',
  equipmentManagement: '/dashboard/equipment-management',
  /** "Equipment" under Organization Management and Device Management (the equipment-type catalogue). */
  equipmentTypes: '/dashboard/orders',
  /** "Inspection" under Organization Management and Device Management (inspection categories). */
  inspectionCategories: '/dashboard/picategory',
  templates: '/dashboard/invoice',
  /** The template builder (below Template Management). */
  templateBuilder: '/dashboard/invoice/:templateId',
  settings: '/dashboard/setting',
  notifications: '/dashboard/notification',
  search: '/dashboard/search',
  /** The activity log (docs/activity-log.md): no sidebar entry (SPEC.md fixes those); the profile menu. */
  activity: '/dashboard/activity',
  /** The shop (DESIGN.md "Shop"): its own tab bar; reached from the profile menu, home and search. */
  shop: '/dashboard/shop',
  shopProducts: '/dashboard/shop/products',
  shopProduct: '/dashboard/shop/products/:productId',
  shopCategories: '/dashboard/shop/categories',
  shopInventory: '/dashboard/shop/inventory',
  /** Shop part 2 (docs/shop-orders.md): orders, a new order, one order; bills (part 2, W2). */
  shopOrders: '/dashboard/shop/orders',
  shopOrderNew: '/dashboard/shop/orders/new',
  shopOrder: '/dashboard/shop/orders/:orderId',
  shopBills: '/dashboard/shop/bills',
  /** Bare page: an invited user chooses a password (the link in the invitation email). */
  acceptInvitation: '/accept-invitation',
  /** Bare page: reset a forgotten password with a code sent by email. */
  forgotPassword: '/forgot-password',
  /** The inspector app (bare, mobile-first): their assignments; signed out, its sign-in. */
  inspector: '/inspector',
  inspectorSignIn: '/inspector/sign-in',
  inspectorAssignment: '/inspector/assignments/:assignmentId',
  /** Asset labels (docs/equipment.md): the camera scanner, and where a scanned unit leads. */
  inspectorScan: '/inspector/scan',
  inspectorUnit: '/inspector/units/:unitId',
  /** The client portal (bare, mobile-first, its own session): signed out, its sign-in; else the overview. */
  portal: '/portal',
  portalSite: '/portal/sites/:siteId',
  portalInspection: '/portal/inspections/:inspectionId',
  /** The portal's screens of B2 (requests, actions, notifications, shop): docs/portal.md. */
  portalRequests: '/portal/requests',
  portalAction: '/portal/actions/:actionId',
  portalNotifications: '/portal/notifications',
  portalShop: '/portal/shop',
  portalOrders: '/portal/orders',
  portalOrder: '/portal/orders/:orderId',
  portalBills: '/portal/bills',
  /** The client's account: contact details, password, notification preferences. */
  portalAccount: '/portal/account',
  portalUnit: '/portal/units/:unitId',
  /** Bare public page: check a sealed report by its id (the PDF's QR code), a PDF or a hash. */
  verify: '/verify',
  verifySeal: '/verify/:sealId',
  /** Bare: the address in a unit's QR label; sends each role on to the unit (docs/equipment.md). */
  unitLabel: '/u/:unitId',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The builder of one template. */
export function templatePath(id: number): string {
  return paths.templateBuilder.replace(':templateId', String(id));
}
/** Site Management's own screens, below /dashboard/site-management. */
export const sitePaths = {
  create: `${paths.siteManagement}/new`,
  details: (id: number | string) => `${paths.siteManagement}/${id}`,
  edit: (id: number | string) => `${paths.siteManagement}/${id}/edit`,
} as const;

/** Inspection Management's own screens, below /dashboard/inspection-management. */
export const inspectionPaths = {
  /** The history tab of Inspection Management (completed inspections). */
  history: `${paths.inspectionManagement}?tab=history`,
  detail: (id: number | string) => `${paths.inspectionManagement}/inspections/${id}`,
  /** The Corrective actions tab (docs/maintenance.md). */
  actions: `${paths.inspectionManagement}?tab=actions`,
  /** One corrective action's page. */
  action: (id: number | string) => `${paths.inspectionManagement}/actions/${id}`,
  /** The Schedules tab, and its 90-day calendar. */
  schedules: `${paths.inspectionManagement}?tab=schedules`,
  calendar: `${paths.inspectionManagement}?tab=schedules&view=calendar`,
} as const;

/** The part of a /dashboard path below /dashboard, for nested route definitions. */
export function dashboardChildPath(path: AppPath): string {
  return path.slice(`${paths.home}/`.length);
}

/** One assignment in the inspector app. */
export function inspectorAssignmentPath(id: number | string): string {
  return paths.inspectorAssignment.replace(':assignmentId', String(id));
}

/** One product's page in the shop. */
export function shopProductPath(id: number | string): string {
  return paths.shopProduct.replace(':productId', String(id));
}

/** One order's page in the shop. */
export function shopOrderPath(id: number | string): string {
  return paths.shopOrder.replace(':orderId', String(id));
}

/** One bill's page in the shop (the bills screens: docs/shop-orders.md). */
export function shopBillPath(id: number | string): string {
  return `${paths.shopBills}/${id}`;
}

/** The client portal's own screens, below /portal. */
export const portalPaths = {
  site: (id: number | string) => paths.portalSite.replace(':siteId', String(id)),
  inspection: (id: number | string) => paths.portalInspection.replace(':inspectionId', String(id)),
  action: (id: number | string) => paths.portalAction.replace(':actionId', String(id)),
  order: (id: number | string) => paths.portalOrder.replace(':orderId', String(id)),
} as const;
