import type { SiteStatus } from '@inspecta/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import { SITE_STATUS_LABELS } from '../lib/format';

/** Text and background pairs that keep AA contrast (Mantine's light badges are too faint here). */
const TONES: Record<SiteStatus, { color: string; background: string }> = {
  draft: { color: '#7a4a00', background: '#fff3d6' },
  active: { color: '#1d5f2c', background: '#e3f6e7' },
  inactive: { color: '#454c53', background: '#eceef0' },
};

export function SiteStatusBadge({ status, ...props }: { status: SiteStatus } & BadgeProps) {
  const tone = TONES[status];
  return (
    <Badge
      variant="light"
      radius="sm"
      data-testid="site-status"
      data-status={status}
      style={{ '--badge-color': tone.color, '--badge-bg': tone.background } as CSSProperties}
      {...props}
    >
      {SITE_STATUS_LABELS[status]}
    </Badge>
  );
}
