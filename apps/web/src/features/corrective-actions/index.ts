export { CorrectiveActionNotFound, CorrectiveActionPage } from './components/corrective-action-page';
export { CorrectiveActionsList } from './components/corrective-actions-list';
export { useInspectionItemActions } from './components/inspection-item-actions';
export { EquipmentActionsSection, SiteActionsPanel, SiteActionsTabLabel } from './components/site-actions';
