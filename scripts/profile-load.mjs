// `node scripts/profile-load.mjs` after `npm run build` (an unminified web build reads better:
// `npx vite build --minify false` in apps/web): where a signed-in page's first load spends its long
// tasks. Starts the built server on a fresh embedded database with demo data, plants an
// administrator's session, loads the page PROFILE_RUNS times (3) with a V8 CPU profile and a trace,
// and prints each main-thread task longer than PROFILE_MIN_MS (15): its layout and style time, the
// React phase its JavaScript was in (router, render, commit, effects), the components rendered and
// the effects run in it.
//
// PROFILE_PATH (/dashboard) is the page; PROFILE_CPU (1) a CPU slowdown; PROFILE_TRACE=lighthouse
// records the trace categories Lighthouse records (its invalidation tracking with JavaScript stacks
// makes layout changes and requests made deep in React's stack dearer, and Lighthouse scores that
// trace: docs/performance.md, "Lighthouse's own trace").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { BENCH_ADMIN, plantLocalStorage, startBuiltServer, stopServer } from './built-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE_PATH = process.env.PROFILE_PATH ?? '/dashboard';
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const CPU = Number(process.env.PROFILE_CPU ?? 1);
const MIN_MS = Number(process.env.PROFILE_MIN_MS ?? 15);
const LIGHTHOUSE_CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.invalidationTracking',
];
const CATEGORIES =
  process.env.PROFILE_TRACE === 'lighthouse'
    ? LIGHTHOUSE_CATEGORIES
    : ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
/** React's phases, by the first of these functions found up a sample's stack (unminified build). */
const PHASES = [
  'createAppRouter',
  'flushPassiveEffects',
  'commitRoot',
  'renderRootSync',
  'workLoopConcurrentByScheduler',
];
const NATIVE_WORK = [
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'v8.evaluateModule',
  'v8.compileModule',
];

const frameName = (cf) => `${cf.functionName || '(anonymous)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
const top = (map, n = 6) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
    .join(', ');

async function readTrace(cdp) {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  let data = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    data += chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(data);
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The renderer's main thread: the CrRendererMain with the most task time. */
function mainThreadTasks(events) {
  const names = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const busy = new Map();
  for (const e of events)
    if (e.name === 'RunTask' && e.dur && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
}

function report(profile, events) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = profile.startTime;
  const samples = profile.samples.map((id, i) => {
    t += profile.timeDeltas[i];
    return [t, id];
  });
  const mine = mainThreadTasks(events);
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > MIN_MS * 1000).sort((a, b) => a.ts - b.ts);
  const t0 = mine.reduce((min, e) => Math.min(min, e.ts), Number.POSITIVE_INFINITY);
  for (const task of tasks) {
    const native = new Map();
    for (const e of mine)
      if (NATIVE_WORK.includes(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
        native.set(e.name, (native.get(e.name) ?? 0) + e.dur);
    const phases = new Map();
    const components = new Map();
    const effects = new Map();
    for (let i = 0; i < samples.length; i++) {
      const [ts, id] = samples[i];
      if (ts < task.ts || ts > task.ts + task.dur) continue;
      const dt = (samples[i + 1]?.[0] ?? ts) - ts;
      const stack = [];
      for (let q = id; q !== undefined; q = parent.get(q)) stack.push(byId.get(q).callFrame);
      const phase = stack.find((cf) => PHASES.includes(cf.functionName))?.functionName;
      const outer = stack.filter((cf) => cf.url).at(-1);
      const label = phase ?? (outer ? frameName(outer) : stack[0].functionName);
      phases.set(label, (phases.get(label) ?? 0) + dt);
      for (let j = 0; j < stack.length - 1; j++) {
        const caller = stack[j + 1].functionName;
        const into =
          caller === 'renderWithHooks' ? components : caller === 'commitHookEffectListMount' ? effects : null;
        if (into) {
          into.set(frameName(stack[j]), (into.get(frameName(stack[j])) ?? 0) + dt);
          break;
        }
      }
    }
    console.log(`  task at +${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms`);
    if (native.size) console.log(`    browser: ${top(native)}`);
    if (phases.size) console.log(`    script: ${top(phases)}`);
    if (components.size) console.log(`    components: ${top(components)}`);
    if (effects.size) console.log(`    effects: ${top(effects)}`);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'inspecta-profile-'));
const server = await startBuiltServer(dataDir);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const admin = await response.json();
  for (let run = 1; run <= RUNS; run++) {
    const page = await browser.newPage();
    await plantLocalStorage(page, server.url, {
      accessToken: admin.accessToken,
      userData: JSON.stringify(admin.user),
    });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: CATEGORIES },
      transferMode: 'ReturnAsStream',
    });
    // The notification stream keeps a request open, so the page never goes network-idle.
    await page.goto(`${server.url}${PAGE_PATH}`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const { profile } = await cdp.send('Profiler.stop');
    const events = await readTrace(cdp);
    console.log(`${PAGE_PATH}, load ${run} of ${RUNS} (CPU ${CPU}x, tasks over ${MIN_MS} ms):`);
    report(profile, events);
    await page.close();
  }
} finally {
  await browser.close();
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
