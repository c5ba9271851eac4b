import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@/config/app';

interface LogoMarkProps {
  size?: number;
  /** White mark for dark backgrounds. */
  inverted?: boolean;
}

/** The Inspecta mark: a shield with a tick. Inline SVG, so nothing is loaded from elsewhere. */
export function LogoMark({ size = 32, inverted = false }: LogoMarkProps) {
  const fill = inverted ? '#ffffff' : 'var(--mantine-color-brand-6)';
  const tick = inverted ? 'var(--mantine-color-brand-8)' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path fill={fill} d="M16 2 4 6.5v8.8C4 22.6 9.1 28.6 16 30c6.9-1.4 12-7.4 12-14.7V6.5Z" />
      <path
        fill="none"
        stroke={tick}
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="3"
        d="m10.5 16.2 3.8 3.8 7.4-7.6"
      />
    </svg>
  );
}

interface LogoProps extends LogoMarkProps {
  /** Hide the wordmark below this breakpoint (the mark stays). */
  wordmarkVisibleFrom?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** Mark and wordmark. The wordmark is real text, so the logo has an accessible name. */
export function Logo({ size = 32, inverted = false, wordmarkVisibleFrom }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <LogoMark size={size} inverted={inverted} />
      <Text
        component="span"
        fw={700}
        fz={size >= 32 ? 'xl' : 'lg'}
        lh={1}
        c={inverted ? 'white' : 'brand.8'}
        style={{ letterSpacing: '-0.01em' }}
        visibleFrom={wordmarkVisibleFrom}
      >
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
