import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createExchangeFeed, exchangeReconnectDelayMs, parseTradeFrame } from './exchange-feed.js';
import { createTickGate } from './feed.js';
import { createMarketService } from './market.service.js';

const FIXTURE = new URL('./fixtures/exchange-trades.jsonl', import.meta.url);
const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A local stand-in for the venue: replays the recorded frames in order across connections. A
 * `#disconnect` line drops the connection; the next connection continues after it. Before each
 * frame it waits until the client has taken in every frame sent so far (`caughtUp`), so the run
 * is deterministic however busy the machine is.
 */
async function replayServer(lines: string[], caughtUp: (sent: number) => Promise<void>) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  let cursor = 0;
  let sent = 0;
  const paths: string[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  wss.on('connection', (ws: WebSocket, req) => {
    paths.push(req.url ?? '');
    void (async () => {
      while (cursor < lines.length) {
        const line = lines[cursor++] ?? '';
        if (line === '#disconnect') {
          ws.terminate();
          return;
        }
        if (line.startsWith('#') || line === '') continue;
        await caughtUp(sent);
        ws.send(line);
        sent++;
      }
      await caughtUp(sent);
      done();
    })();
  });
  const port = (wss.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    paths,
    finished,
    close: () =>
      new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      }),
  };
}

describe('exchange feed adapter (replayed trade stream)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('publishes valid trades, skips malformed frames, holds back outliers and survives disconnects', async () => {
    const market = createMarketService({ db: db.database.db, now: () => T0 + 60_000 });
    const gate = createTickGate({
      market,
      log: quiet,
      maxJumpBps: 500,
      confirmTicks: 3,
      now: () => T0 + 60_000,
    });
    const lines = fs.readFileSync(FIXTURE, 'utf8').split('\n');
    const client: { feed?: ReturnType<typeof createExchangeFeed> } = {};
    const venue = await replayServer(lines, async (sent) => {
      while ((client.feed?.stats.messages ?? 0) < sent) await new Promise((r) => setTimeout(r, 5));
      await client.feed?.settled();
    });
    const feed = createExchangeFeed({
      url: venue.url,
      symbols: () => Promise.resolve(['BTC/USDT', 'ETH/USDT']),
      gate,
      log: quiet,
      reconnectDelayMs: () => 10,
    });
    client.feed = feed;
    feed.start();
    await venue.finished;
    await feed.stop();
    await venue.close();

    expect(venue.paths[0]).toBe('/stream?streams=btcusdt@trade/ethusdt@trade');
    expect(feed.stats).toMatchObject({ connects: 3, malformed: 3, gaps: 1 });
    expect(gate.stats).toEqual({
      published: 8,
      conflated: 0,
      heldBack: 4, // the 150000 spike, and the three ETH ticks of the level shift
      rejected: 2, // price "abc", and trade 1008 arriving after 1009
      levelShifts: 1,
    });

    const prices = async (symbol: string) =>
      (await market.verify(symbol, undefined, 100))?.ok === true
        ? (await market.kline(symbol, '1s', undefined, 100))?.candles.map((c) => c[4])
        : 'chain broken';
    // Closing prices per second: the spike never appears; 97004.129 rounds half-even to scale 2.
    expect(await prices('BTC/USDT')).toEqual(['97002.50', '97003.00', '97004.13']);
    expect(await prices('ETH/USDT')).toEqual(['3400.50', '3910.00']);
    const [btc] = await market.products('en-US');
    expect(btc).toMatchObject({ symbol: 'BTC/USDT', lastPrice: '97004.13', ticks24h: 5 });
    // 0.01 + 0.0025 + 0.1 + 0.02 + 0.00001234 (the refused and held trades add nothing).
    expect(btc?.volume24h).toBe('0.13251234');
  });

  it('replaces a connection that goes silent', async () => {
    const market = createMarketService({ db: db.database.db });
    const gate = createTickGate({ market, log: quiet, maxJumpBps: 500 });
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    let connections = 0;
    wss.on('connection', () => connections++); // accepts, then says nothing
    const feed = createExchangeFeed({
      url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
      symbols: () => Promise.resolve(['BTC/USDT']),
      gate,
      log: quiet,
      staleMs: 100,
      reconnectDelayMs: () => 10,
    });
    feed.start();
    const end = Date.now() + 5_000;
    while (connections < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await feed.stop();
    await new Promise<void>((resolve) => {
      wss.close(() => {
        resolve();
      });
    });
    expect(connections).toBeGreaterThanOrEqual(3);
  });

  it('parses bare and combined frames, and nothing else', () => {
    const trade = { e: 'trade', s: 'BTCUSDT', t: 1, p: '1.0', q: '2.0', T: 5 };
    expect(parseTradeFrame(JSON.stringify(trade))).toEqual(trade);
    expect(parseTradeFrame(JSON.stringify({ stream: 'x', data: trade }))).toEqual(trade);
    expect(parseTradeFrame(JSON.stringify({ ...trade, p: 1 }))).toBeUndefined();
    expect(parseTradeFrame('[1,2]')).toBeUndefined();
    expect(parseTradeFrame('null')).toBeUndefined();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(exchangeReconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
