import type { TemplateSummary } from '@inspecta/contract';
import { Badge, Group } from '@mantine/core';

/** "Published v2", "Draft v1" or "Archived", with the draft in progress when there is one. */
export function TemplateStatusBadges({
  template,
  size = 'md',
}: {
  template: Pick<TemplateSummary, 'status' | 'publishedVersion' | 'draftVersion'>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { status, publishedVersion, draftVersion } = template;
  const common = { variant: 'dot', size, radius: 'sm', tt: 'none', fw: 600, c: 'dark.7' } as const;
  return (
    <Group gap={6} wrap="wrap">
      {status === 'archived' ? (
        <Badge {...common} color="gray">
          Archived{publishedVersion ? ` · v${publishedVersion}` : ''}
        </Badge>
      ) : status === 'published' ? (
        <Badge {...common} color="green">
          Published v{publishedVersion}
        </Badge>
      ) : (
        <Badge {...common} color="yellow">
          Draft v{draftVersion ?? 1}
        </Badge>
      )}
      {status !== 'draft' && draftVersion ? (
        <Badge {...common} color="orange" fw={500}>
          Draft v{draftVersion} in progress
        </Badge>
      ) : null}
    </Group>
  );
}
