export { escalationModule } from './escalation.module.js';
