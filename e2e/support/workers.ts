/**
 * How many spec files run at once (E2E_WORKERS, default 1). A browser spec mostly waits: one spec kept
 * this two-core machine 64% busy, and two at once took the tier from 32 to 18 minutes. But with two
 * Chromiums and two servers the load average reached 8 to 11, and each of two clean runs then lost
 * one test to a 30 s wait (a different one each time). So CI runs one at a time; `E2E_WORKERS=2`
 * is the quick local run (docs/decisions/0002).
 */
export function browserWorkers(): number {
  const fromEnv = Number(process.env.E2E_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : 1;
}
