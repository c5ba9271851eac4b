export { assignmentsModule } from './assignments.module.js';
export type { AssignmentsService } from './assignments.service.js';
