export { ActionPriorityBadge, ActionStatusBadge, OverdueBadge } from './components/badges';
export { CorrectiveActionNotFound, CorrectiveActionPage } from './components/corrective-action-page';
export { CorrectiveActionsList } from './components/corrective-actions-list';
export { useInspectionItemActions } from './components/inspection-item-actions';
export { PhotoStrip } from './components/photo-strip';
export { EquipmentActionsSection, SiteActionsPanel, SiteActionsTabLabel } from './components/site-actions';
