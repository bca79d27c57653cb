import type { Page } from 'playwright-core';

/**
 * CPU throttling that stands for a phone class, not a multiple of whatever machine runs the
 * bench. `Emulation.setCPUThrottlingRate` slows the page's main thread by a factor of the host's
 * speed, so a fixed 4× is a different phone on every machine: on this project's 2-core machines
 * the unthrottled score below has been seen from about 1,400 (busy) to 3,500 (at rest).
 *
 * The yardstick is Lighthouse's BenchmarkIndex (a string-building loop and an array-copy loop,
 * iterations per second ÷ 10, averaged), and the targets are the ones Chrome DevTools' CPU
 * calibration uses for its "mid-tier mobile" and "low-tier mobile" presets (Chrome 134 and
 * later): a Pixel 5 scores about 1,000, a Moto G4 Power (2022) about 264. As DevTools does, the
 * rate is found by bisection, because the score is not linear in the rate.
 */
export const DEVICE_SCORES = { 'mid-tier': 1000, 'low-tier': 264 } as const;
export type DeviceClass = keyof typeof DEVICE_SCORES;

export const isDeviceClass = (s: string): s is DeviceClass => Object.hasOwn(DEVICE_SCORES, s);

/** Each measurement's length (DevTools takes 250 ms; on a shared 2-core machine that was too
 * short for a steady score). */
const SAMPLE_MS = 500;
/** Measurements at each rate, of which the best counts: a busy moment only ever lowers a score. */
const SAMPLES = 3;
/** Within this many points of the target is a match (DevTools' tolerance). */
const TOLERANCE = 10;
const MAX_STEPS = 8;

/**
 * The score of the page's main thread. A string, not a function: the bench runs under tsx,
 * whose transform can put helpers into a function's source that the page does not have.
 */
const SCORE = `(() => {
  const half = ${SAMPLE_MS / 2};
  const perSecond = (n, start) => Math.round(n / 10 / ((Date.now() - start) / 1000));
  let start = Date.now();
  let strings = 0;
  while (Date.now() - start < half) {
    let s = '';
    for (let i = 0; i < 10000; i++) s += 'a';
    if (s.length !== 10000) throw new Error('unreachable');
    strings++;
  }
  const gc = perSecond(strings, start);
  const a = [];
  const b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  start = Date.now();
  let copies = 0;
  while (copies % 10 !== 0 || Date.now() - start < half) {
    const [src, dst] = copies % 2 === 0 ? [a, b] : [b, a];
    for (let i = 0; i < src.length; i++) dst[i] = src[i];
    copies++;
  }
  return (gc + perSecond(copies, start)) / 2;
})()`;

export interface Calibration {
  device: DeviceClass;
  /** The score aimed at. */
  target: number;
  /** The page's score with no throttling. */
  hostScore: number;
  /** The rate found, to the hundredth (the finest the browser takes). */
  rate: number;
  /** The score measured at `rate`. */
  score: number;
}

const hundredths = (n: number) => Math.round(n * 100) / 100;

/**
 * The rate, to the hundredth, at which `scoreAt` comes within `TOLERANCE` of `target`, by
 * bisection between no throttling and half as much again as the straight proportion of
 * `hostScore` (the unthrottled score) to the target; the last rate tried when no step comes
 * within it. The score falls as the rate rises, though not in proportion.
 */
export async function bisectRate(
  scoreAt: (rate: number) => Promise<number>,
  target: number,
  hostScore: number,
): Promise<{ rate: number; score: number }> {
  let lower = 1;
  let upper = hundredths((hostScore / target) * 1.5);
  let rate = upper;
  let score = NaN;
  for (let step = 0; step < MAX_STEPS; step++) {
    rate = hundredths((lower + upper) / 2);
    score = await scoreAt(rate);
    if (Math.abs(score - target) < TOLERANCE) break;
    if (score < target) upper = rate;
    else lower = rate;
  }
  return { rate, score };
}

/**
 * The throttling rate at which `page` scores as `device` does. Run on a blank page of the
 * browser that is measured; it leaves the page unthrottled.
 */
export async function calibrate(page: Page, device: DeviceClass): Promise<Calibration> {
  const target = DEVICE_SCORES[device];
  const cdp = await page.context().newCDPSession(page);
  const scoreAt = async (rate: number): Promise<number> => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    let best = 0;
    for (let i = 0; i < SAMPLES; i++) best = Math.max(best, Number(await page.evaluate(SCORE)));
    return best;
  };
  try {
    await scoreAt(1); // warm-up: the first run also compiles
    const hostScore = await scoreAt(1);
    if (hostScore < target)
      throw new Error(
        `this machine's page scores ${hostScore} unthrottled, below the ${device} phone's ${target}: it cannot stand for one`,
      );
    const { rate, score } = await bisectRate(scoreAt, target, hostScore);
    return { device, target, hostScore, rate, score };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
