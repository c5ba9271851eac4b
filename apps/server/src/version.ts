import { readFileSync } from 'node:fs';
import { serverPackageJson } from './paths.js';

const pkg = JSON.parse(readFileSync(serverPackageJson, 'utf8')) as {
  version: string;
};

export const APP_VERSION = pkg.version;
