import { PRODUCT_NAME_DEFAULT } from '@inspecta/contract';

/** The product name shown in the tab title, the header and the footer. */
export const PRODUCT_NAME = PRODUCT_NAME_DEFAULT;

/** Footer text, exactly as the specification words it. */
export const COPYRIGHT_TEXT = `© 2025 UGC ${PRODUCT_NAME}. All Rights Reserved.`;

/** The API lives on the same origin under /api (proxied to the server in development). */
export const API_BASE_URL: string = import.meta.env.VITE_API_URL || '/api';

/** How often the notification list is refreshed while the dashboard is open. */
export const NOTIFICATIONS_REFETCH_INTERVAL_MS = 60_000;

/** Notifications fetched for the bell and per page of the notification screen. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Sidebar greeting: one character per 100 ms, the wave starts 300 ms after typing ends. */
export const GREETING_TYPING_INTERVAL_MS = 100;
export const GREETING_WAVE_DELAY_MS = 300;

/** Where inspectors are sent when they try to sign in to the admin dashboard. */
export const INSPECTOR_APP_PATH = '/inspector';

/** Where clients are sent when they try to sign in to the dashboard or the inspector app. */
export const PORTAL_PATH = '/portal';
