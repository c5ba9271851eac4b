import { ActionIcon, Anchor, Badge, Button, Group, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconCopy,
  IconDeviceFloppy,
  IconDots,
  IconHistory,
  IconRocket,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { plural } from '@/lib/plural';
import { formatRelativeTime } from '@/utils/format-relative-time';
import { TemplateStatusBadges } from '../template-status-badge';
import classes from './builder.module.css';
import type { TemplateBuilderModel } from './use-template-builder';

interface BuilderHeaderProps {
  builder: TemplateBuilderModel;
  onOpenDetails: () => void;
  onOpenHistory: () => void;
}

/** The sticky toolbar: the template's name and status, and every action on it. */
export function BuilderHeader({ builder, onOpenDetails, onOpenHistory }: BuilderHeaderProps) {
  const { template, dirty, readOnly, hasDraft, problems, nothingToPublish, editingVersion } = builder;
  return (
    <div className={classes.toolbar}>
      <Anchor component={Link} to={paths.templates} size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden="true" /> Templates
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md" mt={4} wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {template.name}
            </Title>
            <TemplateStatusBadges template={template} />
            {dirty ? (
              <Badge color="orange" variant="dot" data-testid="unsaved-badge">
                Unsaved changes
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {[
              template.category?.name,
              template.equipmentTypes.length
                ? template.equipmentTypes.map((t) => t.name).join(', ')
                : 'No equipment types',
              `saved ${formatRelativeTime(template.current.updatedAt)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden="true" />}
            onClick={onOpenDetails}
            disabled={readOnly}
          >
            Details
          </Button>
          <Button
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden="true" />}
            onClick={onOpenHistory}
          >
            History
          </Button>
          {readOnly ? (
            <Button
              leftSection={<IconArchiveOff size={16} aria-hidden="true" />}
              onClick={builder.onRestore}
              loading={builder.restoring}
            >
              Restore
            </Button>
          ) : (
            <>
              <Tooltip label={dirty ? 'Save draft (Ctrl+S)' : 'Everything is saved'} withArrow>
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                  onClick={() => void builder.save()}
                  disabled={!dirty}
                  loading={builder.saving && !builder.publishing}
                >
                  Save draft
                </Button>
              </Tooltip>
              <Tooltip
                label={
                  nothingToPublish
                    ? `Version ${template.publishedVersion} is published; change something to start a new version`
                    : problems.length
                      ? `${plural(problems.length, 'problem')} to fix before publishing`
                      : `Publish version ${editingVersion}`
                }
                withArrow
              >
                <Button
                  leftSection={<IconRocket size={16} aria-hidden="true" />}
                  onClick={builder.startPublish}
                  disabled={nothingToPublish}
                  rightSection={
                    problems.length && !nothingToPublish ? (
                      <Badge size="xs" color="red" variant="filled" circle>
                        {problems.length}
                      </Badge>
                    ) : undefined
                  }
                >
                  Publish
                </Button>
              </Tooltip>
            </>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size={36} aria-label="More template actions">
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconCopy size={16} aria-hidden="true" />}
                onClick={() => void builder.onDuplicate()}
              >
                Duplicate template
              </Menu.Item>
              {hasDraft && template.publishedVersion !== null && !readOnly ? (
                <Menu.Item
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={builder.confirmDiscard}
                >
                  Discard draft
                </Menu.Item>
              ) : null}
              {!readOnly ? (
                <>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconArchive size={16} aria-hidden="true" />}
                    onClick={builder.onArchive}
                  >
                    Archive template
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </div>
  );
}
