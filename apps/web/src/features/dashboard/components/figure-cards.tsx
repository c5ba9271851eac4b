import type { DashboardFigure, DashboardFigureKey } from '@inspecta/contract';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBriefcase,
  IconBuildingSkyscraper,
  IconChecklist,
  IconClipboardCheck,
  IconClipboardList,
  IconClockExclamation,
  type IconProps,
  IconRosetteDiscountCheck,
  IconTool,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { formatFigure } from '../lib/format';
import classes from './dashboard.module.css';

const LOOK: Record<DashboardFigureKey, { icon: ComponentType<IconProps>; color: string }> = {
  activeSites: { icon: IconBuildingSkyscraper, color: 'brand' },
  equipmentInstalled: { icon: IconTool, color: 'indigo' },
  inspectors: { icon: IconUserCheck, color: 'cyan' },
  clients: { icon: IconBriefcase, color: 'grape' },
  openAssignments: { icon: IconClipboardList, color: 'blue' },
  overdueAssignments: { icon: IconAlertTriangle, color: 'red' },
  completedThisMonth: { icon: IconClipboardCheck, color: 'teal' },
  passRateThisMonth: { icon: IconRosetteDiscountCheck, color: 'green' },
};

/** The labels shown while loading or after a failed fetch, so the grid keeps its shape. */
const PLACEHOLDER_LABELS: Record<DashboardFigureKey, string> = {
  activeSites: 'Active sites',
  equipmentInstalled: 'Equipment installed',
  inspectors: 'Inspectors',
  clients: 'Clients',
  openAssignments: 'Open assignments',
  overdueAssignments: 'Overdue',
  completedThisMonth: 'Completed this month',
  passRateThisMonth: 'Pass rate this month',
};

function FigureCard({ figure }: { figure: DashboardFigure }) {
  const look = LOOK[figure.key];
  const alarming = figure.key === 'overdueAssignments' && (figure.value ?? 0) > 0;
  return (
    <UnstyledButton
      component={Link}
      to={figure.link}
      className={classes.figure}
      data-alarm={alarming || undefined}
      data-testid={`figure-${figure.key}`}
      aria-label={`${figure.label}: ${formatFigure(figure.value, figure.unit)}. ${figure.detail}. Open the list`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed" className={classes.figureLabel}>
          {figure.label}
        </Text>
        <ThemeIcon variant="light" color={look.color} size={34} radius="md" aria-hidden="true">
          <look.icon size={19} stroke={1.7} />
        </ThemeIcon>
      </Group>
      <Text className={classes.figureValue} c={alarming ? 'red.7' : undefined} data-testid="figure-value">
        {formatFigure(figure.value, figure.unit)}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {figure.detail}
      </Text>
    </UnstyledButton>
  );
}

function PlaceholderCard({ label, loading }: { label: string; loading: boolean }) {
  return (
    <Paper withBorder className={classes.figure} data-testid="figure-placeholder">
      <Text size="sm" fw={600} c="dimmed" className={classes.figureLabel}>
        {label}
      </Text>
      {loading ? (
        <Stack gap={8} mt={10}>
          <Skeleton height={26} width="55%" />
          <Skeleton height={10} width="80%" />
        </Stack>
      ) : (
        <Text className={classes.figureValue} c="dimmed">
          —
        </Text>
      )}
    </Paper>
  );
}

export interface ActionCounts {
  open: number;
  overdue: number;
  openLink: string;
  overdueLink: string;
}

/** Open and overdue corrective actions (issue 19), in the same card shape as the figures. */
function ActionCards({ actions }: { actions: ActionCounts }) {
  const cards = [
    {
      key: 'open',
      label: 'Open corrective actions',
      value: actions.open,
      detail: 'Failed items being followed up',
      link: actions.openLink,
      icon: IconChecklist,
      color: 'orange',
      alarm: false,
    },
    {
      key: 'overdue',
      label: 'Overdue corrective actions',
      value: actions.overdue,
      detail: 'Open past their due date',
      link: actions.overdueLink,
      icon: IconClockExclamation,
      color: 'red',
      alarm: actions.overdue > 0,
    },
  ];
  return cards.map((card) => (
    <UnstyledButton
      key={card.key}
      component={Link}
      to={card.link}
      className={classes.figure}
      data-alarm={card.alarm || undefined}
      data-testid={`figure-actions-${card.key}`}
      aria-label={`${card.label}: ${card.value.toLocaleString('en-IN')}. ${card.detail}. Open the list`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed" className={classes.figureLabel}>
          {card.label}
        </Text>
        <ThemeIcon variant="light" color={card.color} size={34} radius="md" aria-hidden="true">
          <card.icon size={19} stroke={1.7} />
        </ThemeIcon>
      </Group>
      <Text className={classes.figureValue} c={card.alarm ? 'red.7' : undefined} data-testid="figure-value">
        {card.value.toLocaleString('en-IN')}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {card.detail}
      </Text>
    </UnstyledButton>
  ));
}

/** The key figures, then the corrective actions' two; each card opens the list it counts. */
export function FigureCards({
  figures,
  loading,
  actions,
}: {
  figures: DashboardFigure[] | undefined;
  loading: boolean;
  actions?: ActionCounts | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4, xl: 5 }} spacing={{ base: 'sm', md: 'md' }} data-testid="figures">
      {figures
        ? figures.map((figure) => <FigureCard key={figure.key} figure={figure} />)
        : Object.entries(PLACEHOLDER_LABELS).map(([key, label]) => (
            <PlaceholderCard key={key} label={label} loading={loading} />
          ))}
      {actions ? (
        <ActionCards actions={actions} />
      ) : (
        <>
          <PlaceholderCard label="Open corrective actions" loading={loading} />
          <PlaceholderCard label="Overdue corrective actions" loading={loading} />
        </>
      )}
    </SimpleGrid>
  );
}
