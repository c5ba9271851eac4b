export { escalationModule } from './escalation.module.js';
export type { EscalationService } from './escalation.service.js';
