import type { DashboardFigure, DashboardFigureKey } from '@inspecta/contract';
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
import type { ComponentType, CSSProperties } from 'react';
import { Link } from 'react-router';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
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

/**
 * One figure, a link to the list it counts. Plain elements and the CSS module's classes rather than
 * Mantine's Text, Group and ThemeIcon: the home draws ten of these at once, and each Mantine component
 * runs its style-props machinery on every render (docs/performance.md, the dashboard's Lighthouse).
 */
function FigureLink({
  testId,
  to,
  label,
  value,
  detail,
  icon: Icon,
  color,
  alarm,
}: {
  testId: string;
  to: string;
  label: string;
  value: string;
  detail: string;
  icon: ComponentType<IconProps>;
  color: string;
  alarm: boolean;
}) {
  const iconColors = {
    '--figure-icon-bg': `var(--mantine-color-${color}-light)`,
    '--figure-icon-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <Link
      to={to}
      className={classes.figure}
      data-alarm={alarm || undefined}
      data-testid={testId}
      aria-label={`${label}: ${value}. ${detail}. Open the list`}
    >
      <span className={classes.figureHead}>
        <span className={classes.figureLabel}>{label}</span>
        <span className={classes.figureIcon} style={iconColors} aria-hidden="true">
          <Icon size={19} stroke={1.7} />
        </span>
      </span>
      <span className={classes.figureValue} data-testid="figure-value">
        {value}
      </span>
      <span className={classes.figureDetail}>{detail}</span>
    </Link>
  );
}

function FigureCard({ figure }: { figure: DashboardFigure }) {
  const look = LOOK[figure.key];
  return (
    <FigureLink
      testId={`figure-${figure.key}`}
      to={figure.link}
      label={figure.label}
      value={formatFigure(figure.value, figure.unit)}
      detail={figure.detail}
      icon={look.icon}
      color={look.color}
      alarm={figure.key === 'overdueAssignments' && (figure.value ?? 0) > 0}
    />
  );
}

function PlaceholderCard({ label, loading }: { label: string; loading: boolean }) {
  return (
    <div className={classes.figure} data-testid="figure-placeholder">
      <span className={classes.figureLabel}>{label}</span>
      {loading ? (
        <div className={classes.figureSkeleton}>
          <SkeletonBlock height={26} width="55%" />
          <SkeletonBlock height={10} width="80%" />
        </div>
      ) : (
        <span className={classes.figureValue} data-dimmed>
          —
        </span>
      )}
    </div>
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
    <FigureLink
      key={card.key}
      testId={`figure-actions-${card.key}`}
      to={card.link}
      label={card.label}
      value={card.value.toLocaleString('en-IN')}
      detail={card.detail}
      icon={card.icon}
      color={card.color}
      alarm={card.alarm}
    />
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
    <div className={classes.figures} data-testid="figures">
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
    </div>
  );
}
