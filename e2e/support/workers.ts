import { availableParallelism } from 'node:os';

/**
 * How many spec files run at once: E2E_WORKERS, else two on a machine with two cores or more. A
 * browser spec mostly waits (one kept this two-core machine 64% busy), and two at once take the tier
 * from about 30 minutes to 11. Earlier two-worker runs each lost one test to a 30 s wait; those were
 * races in the app and the specs, since mended; two-worker runs of the whole tier now pass every test
 * (docs/decisions/0002). `E2E_WORKERS=1` runs them one after another.
 */
export function browserWorkers(): number {
  const fromEnv = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(fromEnv) && fromEnv >= 1) return fromEnv;
  return availableParallelism() >= 2 ? 2 : 1;
}
