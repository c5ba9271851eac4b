/**
 * How many spec files run at once. A browser spec mostly waits (for the page, the server, an
 * animation): one spec kept this two-core machine 64% busy, so two at once roughly halve the tier's
 * time. E2E_WORKERS overrides it (1 runs the specs one after another, as before).
 */
export function browserWorkers(): number {
  const fromEnv = Number(process.env.E2E_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : 2;
}
