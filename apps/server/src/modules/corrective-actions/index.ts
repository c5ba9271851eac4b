export { correctiveActionsModule } from './corrective-actions.module.js';
export type { CorrectiveActionsService } from './corrective-actions.service.js';
