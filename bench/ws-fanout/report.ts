import {
  benchWsFanout,
  WS_FANOUT_DEFAULTS,
  type FanoutResult,
  type WsFanoutOptions,
} from '../ws-fanout.js';

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * `npm run bench -w @ampere/bench -- ws-fanout [flags]`: runs the socket fan-out benchmark and
 * prints its table. Flags (or BENCH_WS_<NAME> in the environment): --connections (10000),
 * --clients (4 processes), --warmup (5 s), --duration (20 s), --symbols (5), --tick-ms (250 per
 * symbol), --rate-limit (the server's RATE_LIMIT_PER_MIN, 1000000), --target (both | ampere |
 * anchor), --profile (V8 CPU profile of both servers over the measured window).
 */
/** A numeric option: `--name=…`, else BENCH_WS_NAME, else the default. */
export function wsOption(flags: Map<string, string>, name: string, fallback: number): number {
  const raw = flags.get(name) ?? process.env[`BENCH_WS_${name.toUpperCase().replace('-', '_')}`];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: not a positive number: ${raw}`);
  return n;
}

/** The options both socket benchmarks share, from flags and BENCH_WS_* (defaults: `d`). */
export function wsFanoutOptions(
  flags: Map<string, string>,
  d: WsFanoutOptions = WS_FANOUT_DEFAULTS,
): WsFanoutOptions {
  const option = (name: string, fallback: number) => wsOption(flags, name, fallback);
  const target = flags.get('target') ?? process.env.BENCH_WS_TARGET ?? d.target;
  if (target !== 'both' && target !== 'ampere' && target !== 'anchor')
    throw new Error(`--target: both, ampere or anchor, not ${target}`);
  return {
    connections: option('connections', d.connections),
    clients: option('clients', d.clients),
    warmupMs: option('warmup', d.warmupMs / 1000) * 1000,
    durationMs: option('duration', d.durationMs / 1000) * 1000,
    symbols: option('symbols', d.symbols),
    tickMs: option('tick-ms', d.tickMs),
    rateLimitPerMin: option('rate-limit', d.rateLimitPerMin),
    target,
    profile: flags.has('profile') || process.env.BENCH_WS_PROFILE === '1',
  };
}

export async function runWsFanout(flags: Map<string, string>) {
  const r = await benchWsFanout(wsFanoutOptions(flags));
  const o = r.opts;
  console.log(
    `ws-fanout: ${fmt(o.connections)} connections from ${o.clients} client processes, ${o.symbols} symbols × ${fmt(1000 / o.tickMs, 1)} ticks/s, 1–${Math.min(5, o.symbols)} symbols per connection, ${o.warmupMs / 1000} s warm-up, ${o.durationMs / 1000} s measured`,
  );
  const targets = [r.anchor, r.subject].filter((t): t is FanoutResult => t !== undefined);
  console.log(`symbols: ${targets[0]?.symbols.join(', ') ?? ''}`);
  console.log(
    '| target | open / failed | subs | ticks/s | deliveries/s (expected) | silent conns | p50 / p99 / max ms | server CPU (idle) | µs CPU / delivery | client CPU | KB/conn RSS (heap) | RSS MB before → after | closed |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const row = (t: FanoutResult) =>
    `| ${t.target} | ${fmt(t.open)} / ${fmt(t.failed)} | ${fmt(t.subscriptions)} | ${fmt(t.ticksPerS, 1)} | ${fmt(t.deliveredPerS)} (${fmt(t.expectedPerS)}) | ${fmt(t.silent)} | ${t.p50Ms} / ${t.p99Ms} / ${t.maxMs} | ${fmt(t.serverCpuPct)} % (${fmt(t.idleCpuPct)} %) | ${fmt((t.serverCpuPct * 10_000) / Math.max(1, t.deliveredPerS), 1)} | ${fmt(t.clientCpuPct)} % | ${fmt(t.kbPerConnection, 1)} (${fmt(t.heapKbPerConnection, 1)}) | ${fmt(t.rssBeforeMb)} → ${fmt(t.rssAfterMb)} | ${t.closedInWindow} |`;
  for (const t of targets) console.log(row(t));
  if (r.ratio !== undefined && r.subject && r.anchor)
    console.log(
      `ratio (Ampere / bare ws deliveries/s): ${fmt(r.ratio, 2)} — goal ≥ 0.80; server CPU per delivery, bare ws / Ampere: ${fmt(r.anchor.serverCpuPct / Math.max(1, r.anchor.deliveredPerS) / (r.subject.serverCpuPct / Math.max(1, r.subject.deliveredPerS)), 2)}; Ampere p99 ${r.subject.p99Ms} ms — goal ≤ 100; ${fmt(r.subject.kbPerConnection, 1)} KB/connection — goal ≤ 50`,
    );
  for (const t of targets)
    console.log(
      `${t.target}: ticks due but skipped (loop over an interval late, or the previous write still running): ${t.skippedTicks}` +
        (t.writeP50Ms === undefined
          ? ''
          : `; recordTick's transaction (tick time → publish) p50 / p99 ${fmt(t.writeP50Ms, 1)} / ${fmt(t.writeP99Ms ?? 0, 1)} ms`),
    );
  for (const t of targets)
    if (t.loss)
      console.log(
        `${t.target}: ${fmt(t.loss.lost)} of ${fmt(t.loss.owed)} ticker messages owed over ${fmt(t.loss.windowMs / 1000, 1)} s of tick times lost (${fmt(t.loss.duplicated)} duplicated)`,
      );
  for (const t of targets) {
    if (t.failed > 0) console.log(`${t.target}: failed connects ${JSON.stringify(t.failures)}`);
    if (t.closedInWindow > 0)
      console.log(`${t.target}: closed in window ${JSON.stringify(t.closeCodes)}`);
  }
  for (const t of targets) {
    if (!t.profile) continue;
    console.log(`\n${t.target}: main thread, CPU profile of the measured window (self time):`);
    for (const p of t.profile.areas) console.log(`${fmt(p.selfPct, 1).padStart(5)} %  ${p.frame}`);
    console.log('');
    for (const p of t.profile.functions)
      console.log(`${fmt(p.selfPct, 1).padStart(5)} %  ${p.frame}`);
  }
}
