import { fileURLToPath } from 'node:url';

// Folders and files the server reads, found from this module's place. It sits at the top of src/
// (tests, tsx) and of dist/ (tsc's output), as does the bundled dist/server.js that production
// runs, so the same relative paths hold in all three. Keep every such path here: a module deeper
// down would find different folders once bundled.
const serverPackage = new URL('../', import.meta.url);

/** apps/server/, the folder the server's build and scripts run in. */
export const serverPackageDir = fileURLToPath(serverPackage);

/** apps/server/package.json (the version the API reports). */
export const serverPackageJson = fileURLToPath(new URL('package.json', serverPackage));
/** The committed SQL migrations applied at start. */
export const migrationsFolder = fileURLToPath(new URL('drizzle', serverPackage));
/** The built web app served by default (WEB_DIST_DIR overrides it). */
export const defaultWebDistDir = fileURLToPath(new URL('../web/dist', serverPackage));
