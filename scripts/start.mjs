// `npm start`: install (first time), build, then serve the app on the embedded database.
import { ensureInstall, mustRun, root, serverEnv } from './lib.mjs';

ensureInstall();
mustRun('npm', ['run', 'build']);
mustRun('node', ['apps/server/dist/server.js'], { cwd: root, env: serverEnv() });
