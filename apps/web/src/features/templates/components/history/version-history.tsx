import type { TemplateContent, TemplateVersionSummary } from '@inspecta/contract';
import {
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { IconEye, IconGitCompare, IconPencil, IconRefresh, IconRocket } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { plural } from '@/lib/plural';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { getTemplateVersionQueryOptions, useTemplateVersion } from '../../api/get-template-version';
import { useTemplateVersions } from '../../api/get-template-versions';
import { TemplatePreview } from '../preview/template-preview';
import { type VersionChoice, VersionCompare } from './version-compare';

const WORKING = 'working';

interface VersionHistoryProps {
  templateId: number;
  templateName: string;
  opened: boolean;
  onClose: () => void;
  /** The builder's unsaved working copy, offered as a side of the comparison. */
  workingContent: TemplateContent | null;
  publishedVersion: number | null;
  /** The template's changes (the activity feature's History panel, composed by the app), under the versions. */
  activity?: ReactNode;
}

function versionLabel(v: TemplateVersionSummary, publishedVersion: number | null): string {
  const state = v.status === 'draft' ? 'draft' : v.version === publishedVersion ? 'in use' : 'published';
  return `Version ${v.version} (${state})`;
}

/** Every version of the template, newest first: view any of them, compare any two. */
export function VersionHistory({
  templateId,
  templateName,
  opened,
  onClose,
  workingContent,
  publishedVersion,
  activity,
}: VersionHistoryProps) {
  const versions = useTemplateVersions(templateId, { enabled: opened });
  const [picked, setPicked] = useState<string[]>([]);
  const [comparing, setComparing] = useState<{ from: string; to: string } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = versions.data?.versions ?? [];

  const toggle = (value: string, on: boolean) =>
    setPicked((current) =>
      on ? [...current.filter((v) => v !== value), value].slice(-2) : current.filter((v) => v !== value),
    );

  const openCompare = () => {
    let [a, b] = picked;
    if (!a || !b) {
      // Nothing ticked: the newest change against what it replaced.
      const values = [...(workingContent ? [WORKING] : []), ...list.map((v) => String(v.version))];
      [b, a] = values;
    }
    if (!a || !b) return;
    const order = (value: string) => (value === WORKING ? Number.POSITIVE_INFINITY : Number(value));
    setComparing(order(a) < order(b) ? { from: a, to: b } : { from: b, to: a });
  };

  const wanted = comparing ? [comparing.from, comparing.to].filter((v) => v !== WORKING).map(Number) : [];
  const fetched = useQueries({
    queries: wanted.map((version) => getTemplateVersionQueryOptions(templateId, version)),
  });
  const choices: VersionChoice[] = useMemo(
    () => [
      ...(workingContent
        ? [{ value: WORKING, label: 'Unsaved changes (this screen)', content: workingContent }]
        : []),
      ...list.map((v) => ({
        value: String(v.version),
        label: versionLabel(v, publishedVersion),
        content: fetched.find((q) => q.data?.version.version === v.version)?.data?.version.content,
      })),
    ],
    [list, fetched, workingContent, publishedVersion],
  );
  const comparedLoading = fetched.some((q) => q.isPending);
  const viewed = useTemplateVersion(templateId, viewing);

  return (
    <>
      <Drawer
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened}
        onClose={onClose}
        position="right"
        size="md"
        title={<Text fw={700}>Version history</Text>}
        data-testid="version-history"
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              Tick two versions to compare them, or compare the latest change.
            </Text>
            <Button
              leftSection={<IconGitCompare size={16} aria-hidden="true" />}
              onClick={openCompare}
              disabled={list.length + (workingContent ? 1 : 0) < 2 || picked.length === 1}
              style={{ flexShrink: 0 }}
            >
              {picked.length === 2 ? 'Compare selected' : 'Compare'}
            </Button>
          </Group>

          {versions.isPending ? (
            <Stack gap="sm" aria-busy="true">
              {[0, 1, 2].map((k) => (
                <Skeleton key={k} height={72} radius="md" />
              ))}
            </Stack>
          ) : versions.isError ? (
            <Stack align="center" gap="xs" py="lg">
              <Text size="sm" c="dimmed">
                The versions could not be loaded.
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden="true" />}
                onClick={() => versions.refetch()}
              >
                Try again
              </Button>
            </Stack>
          ) : (
            <Timeline bulletSize={26} lineWidth={2} active={list.length}>
              {workingContent ? (
                <Timeline.Item
                  bullet={<IconPencil size={14} aria-hidden="true" />}
                  color="yellow"
                  data-testid="version-entry"
                >
                  <Paper withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={600} size="sm">
                          Unsaved changes
                        </Text>
                        <Text size="xs" c="dimmed">
                          On this screen, not saved yet
                        </Text>
                      </div>
                      <Checkbox
                        aria-label="Select unsaved changes for comparison"
                        checked={picked.includes(WORKING)}
                        onChange={(e) => toggle(WORKING, e.currentTarget.checked)}
                      />
                    </Group>
                  </Paper>
                </Timeline.Item>
              ) : null}
              {list.map((v) => {
                const inUse = v.version === publishedVersion;
                return (
                  <Timeline.Item
                    key={v.version}
                    bullet={
                      v.status === 'draft' ? (
                        <IconPencil size={14} aria-hidden="true" />
                      ) : (
                        <IconRocket size={14} aria-hidden="true" />
                      )
                    }
                    color={v.status === 'draft' ? 'yellow' : inUse ? 'green' : 'gray'}
                    data-testid="version-entry"
                  >
                    <Paper withBorder p="sm" radius="md">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div style={{ minWidth: 0 }}>
                          <Group gap={6}>
                            <Text fw={600} size="sm">
                              Version {v.version}
                            </Text>
                            {v.status === 'draft' ? (
                              <Badge size="xs" color="yellow" variant="light" c="dark.8">
                                Draft
                              </Badge>
                            ) : inUse ? (
                              <Badge size="xs" color="green" c="dark.8" variant="light">
                                In use
                              </Badge>
                            ) : (
                              <Badge size="xs" color="gray" variant="light" c="gray.8">
                                Published
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed" title={formatDateTime(v.publishedAt ?? v.updatedAt)}>
                            {v.status === 'draft'
                              ? `Edited ${formatRelativeTime(v.updatedAt)}${v.updatedBy ? ` by ${v.updatedBy.name}` : ''}`
                              : `Published ${formatRelativeTime(v.publishedAt!)}${v.publishedBy ? ` by ${v.publishedBy.name}` : ''}`}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {plural(v.sectionCount, 'section')} · {plural(v.itemCount, 'item')}
                          </Text>
                          {v.changeNote ? (
                            <Text size="sm" mt={4} fs="italic">
                              “{v.changeNote}”
                            </Text>
                          ) : null}
                        </div>
                        <Stack gap={6} align="flex-end">
                          <Checkbox
                            aria-label={`Select version ${v.version} for comparison`}
                            checked={picked.includes(String(v.version))}
                            onChange={(e) => toggle(String(v.version), e.currentTarget.checked)}
                          />
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<IconEye size={12} aria-hidden="true" />}
                            onClick={() => setViewing(v.version)}
                            aria-label={`View version ${v.version}`}
                          >
                            View
                          </Button>
                        </Stack>
                      </Group>
                    </Paper>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
          {activity && opened ? (
            <>
              <Divider />
              {activity}
            </>
          ) : null}
        </Stack>
      </Drawer>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={comparing !== null}
        onClose={() => setComparing(null)}
        title={<Text fw={700}>Compare versions of “{templateName}”</Text>}
        size="xl"
        fullScreen={false}
        centered
      >
        {comparing ? (
          <VersionCompare
            choices={choices}
            from={comparing.from}
            to={comparing.to}
            onFromChange={(from) => setComparing((c) => (c ? { ...c, from } : c))}
            onToChange={(to) => setComparing((c) => (c ? { ...c, to } : c))}
            loading={comparedLoading}
          />
        ) : null}
      </Modal>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={
          <Text fw={700}>
            Version {viewing} of “{templateName}”
          </Text>
        }
        size="lg"
        centered
      >
        {viewed.data ? (
          <TemplatePreview
            title={templateName}
            subtitle={`Version ${viewed.data.version.version}${viewed.data.version.publishedAt ? ` · published ${formatDateTime(viewed.data.version.publishedAt)}` : ' · draft'}`}
            content={viewed.data.version.content}
          />
        ) : (
          <Skeleton height={320} />
        )}
      </Modal>
    </>
  );
}
