export { authModule } from './auth.module.js';
export { AuthService } from './auth.service.js';
export { parseSessionsEnded, SESSIONS_ENDED_CHANNEL, type SessionsEnded } from './session-events.js';
export { toSessionUser } from './user-mapper.js';
export { userSessions } from './user-sessions.js';
