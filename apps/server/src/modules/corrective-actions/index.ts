export { correctiveActionsModule } from './corrective-actions.module.js';
export type { CompletedInspection, CorrectiveActionsService } from './corrective-actions.service.js';
