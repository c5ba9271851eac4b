export { ActionPriorityBadge, ActionStatusBadge, OverdueBadge } from './components/badges';
// The client portal shows an action's comments with the same bubble.
export { CommentBubble } from './components/comment-bubble';
export { CorrectiveActionNotFound, CorrectiveActionPage } from './components/corrective-action-page';
export { CorrectiveActionsList } from './components/corrective-actions-list';
export { useInspectionItemActions } from './components/inspection-item-actions';
export { EquipmentActionsSection, SiteActionsPanel, SiteActionsTabLabel } from './components/site-actions';
