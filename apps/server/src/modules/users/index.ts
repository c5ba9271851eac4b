export { usersModule } from './users.module.js';
