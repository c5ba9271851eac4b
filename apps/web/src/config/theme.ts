import type {
  BadgeFactory,
  CSSVariablesResolver,
  ExtendComponent,
  FactoryPayload,
  MantineColorsTuple,
  MantineThemeComponent,
  NavLinkFactory,
  NotificationFactory,
  PaperFactory,
} from '@mantine/core';
import { createTheme } from '@mantine/core';
import tableClasses from './table.module.css';

/**
 * What `Component.extend` does (it returns its argument, typed), without importing the component:
 * the theme is on every first screen, and `NavLink.extend` would load the navigation link (and
 * Badge, Notification) on the login page too (docs/performance.md).
 */
function extend<Payload extends FactoryPayload>(input: ExtendComponent<Payload>): MantineThemeComponent {
  return input as MantineThemeComponent;
}

// A calm, deep "inspection blue". Shade 6 (the primary shade) keeps AA contrast against white and
// against its own light tint, so filled buttons, links and active navigation all pass.
const brand: MantineColorsTuple = [
  '#eaf2fb',
  '#d3e3f5',
  '#a7c6ea',
  '#77a6de',
  '#4f8bd3',
  '#3779c9',
  '#1f5fa6',
  '#1a5190',
  '#144277',
  '#0e335d',
];

// Mantine's default red-6 (#fa5252) fails AA as text; shift the scale so errors stay readable.
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#f03e3e',
  '#c92a2a',
  '#b02525',
  '#961f1f',
  '#7d1a1a',
];

// Mantine's green-6 (#40c057) under white text is 2.4:1, so the selected "Pass" answer failed AA.
// Shades 5-9 are darkened: green-6 #1e7a34 with white is 5.4:1 (green-4 and lighter stay for borders
// and tints).
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#2f9e44',
  '#1e7a34',
  '#1a6a2d',
  '#155a26',
  '#114a1f',
];

const systemFonts =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, red, green },
  // SPEC.md 9: 576, 768, 992, 1200 and 1400 px.
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '87.5em',
  },
  fontFamily: systemFonts,
  headings: {
    fontFamily: systemFonts,
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.625rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    NavLink: extend<NavLinkFactory>({
      defaultProps: { variant: 'light' },
      styles: { label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, lineHeight: 1.3 } },
    }),
    Paper: extend<PaperFactory>({ defaultProps: { radius: 'md' } }),
    // Every table's header cells look alike (config/table.module.css). A plain object, not
    // Table.extend: importing Table here would put it into every first screen's JavaScript.
    Table: { classNames: { table: tableClasses.table } },
    // A badge clips its label (overflow: hidden), which also lets a squeezed flex row or table
    // column shrink it to "INSPECT…" on a phone. Its label is a word or two: it keeps its width.
    Badge: extend<BadgeFactory>({ styles: { root: { flexShrink: 0, minWidth: 'max-content' } } }),
    // Toasts: a named close button, and body text dark enough for AA contrast.
    Notification: extend<NotificationFactory>({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dark-6)' } },
    }),
  },
});

/** Text colours Mantine derives from gray-5/6 are below AA contrast; use darker values. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6670',
    '--mantine-color-placeholder': '#7a838c',
    '--mantine-color-error': 'var(--mantine-color-red-6)',
  },
  dark: {},
});
