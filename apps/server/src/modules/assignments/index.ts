export { assignmentsModule } from './assignments.module.js';
