import { SOCKET_STATE } from '@ampere/contract';
import type { Candle, SocketState } from '@ampere/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import type { SocketMessage } from '@/lib/socket';
import { KLINE_PAGE_SIZE } from '../api/market';
import { MarketStreamContext } from '../hooks/useMarketStream';
import { createMarketStream } from '../stream';
import type { StreamSocket } from '../stream';
import KlineChart from './KlineChart';

/**
 * The chart library draws on canvas, which jsdom has not got: a recording double stands in for
 * it, so these tests check what the component asks of the library.
 */
const chartLib = vi.hoisted(() => {
  const state = {
    setData: [] as { time: number; close: number }[][],
    update: [] as { bar: { time: number; close: number }; historical: boolean | undefined }[],
    onRange: undefined as ((range: { from: number; to: number } | null) => void) | undefined,
    removed: 0,
  };
  const series = {
    setData: (bars: { time: number; close: number }[]) => state.setData.push(bars),
    update: (bar: { time: number; close: number }, historical?: boolean) =>
      state.update.push({ bar, historical }),
    barsInLogicalRange: (range: { from: number }) => ({ barsBefore: range.from, barsAfter: 0 }),
    applyOptions: () => undefined,
  };
  const chart = {
    addSeries: () => series,
    timeScale: () => ({
      subscribeVisibleLogicalRangeChange: (handler: typeof state.onRange) => {
        state.onRange = handler;
      },
      unsubscribeVisibleLogicalRangeChange: () => undefined,
    }),
    subscribeCrosshairMove: () => undefined,
    unsubscribeCrosshairMove: () => undefined,
    applyOptions: () => undefined,
    remove: () => {
      state.removed += 1;
    },
  };
  return { state, chart };
});

vi.mock('lightweight-charts', () => ({
  CandlestickSeries: {},
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
  createChart: () => chartLib.chart,
}));

const MINUTE_MS = 60_000;
const candle = (index: number, close = '100.00'): Candle => [
  index * MINUTE_MS,
  '100.00',
  '101.00',
  '99.00',
  close,
  1,
  '0',
];
const run = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => candle(from + i));

function setup() {
  const handlers = new Map<string, (msg: SocketMessage) => void>();
  let stateListener: ((state: SocketState) => void) | undefined;
  const socket: StreamSocket = {
    connect: () => undefined,
    subscribe: (_event, data, onMessage) => {
      const ch = (data as { ch: string }).ch;
      handlers.set(ch, onMessage);
      return () => handlers.delete(ch);
    },
    onState: (cb) => {
      stateListener = cb;
      return () => undefined;
    },
  };
  const frames: (() => void)[] = [];
  const stream = createMarketStream({
    socket: () => socket,
    requestFrame: (cb) => frames.push(cb),
  });
  const push = (data: Candle) => {
    act(() => {
      handlers.get('kline.BTC/USDT.1Min')?.({ ch: 'kline.BTC/USDT.1Min', data });
      for (const cb of frames.splice(0)) cb();
    });
  };
  const reconnect = () => {
    act(() => {
      stateListener?.(SOCKET_STATE.CONNECTED);
      stateListener?.(SOCKET_STATE.RECONNECTING);
      stateListener?.(SOCKET_STATE.CONNECTED);
    });
  };
  return { stream, push, reconnect };
}

function renderChart(loadCandles: (before: number | undefined) => Promise<Candle[]>) {
  const { stream, push, reconnect } = setup();
  render(
    <MarketStreamContext value={stream}>
      <KlineChart symbol="BTC/USDT" interval="1Min" priceScale={2} loadCandles={loadCandles} />
    </MarketStreamContext>,
  );
  return { push, reconnect };
}

const status = () => screen.getByTestId('kline-chart').dataset.status;

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  chartLib.state.setData.length = 0;
  chartLib.state.update.length = 0;
  chartLib.state.onRange = undefined;
});

describe('KlineChart', () => {
  it('draws the history once, then moves the forming candle with update, never setData', async () => {
    const history = run(1_000, KLINE_PAGE_SIZE);
    const { push } = renderChart(() => Promise.resolve(history));
    await waitFor(() => {
      expect(status()).toBe('ready');
    });
    expect(chartLib.state.setData).toHaveLength(1);
    expect(chartLib.state.setData[0]).toHaveLength(KLINE_PAGE_SIZE);
    expect(screen.getByTestId('kline-close').textContent).toBe('100.00');

    const last = 1_000 + KLINE_PAGE_SIZE - 1;
    push(candle(last, '100.50'));
    push(candle(last + 1, '100.75'));
    expect(chartLib.state.setData).toHaveLength(1);
    expect(chartLib.state.update.map((u) => [u.bar.time, u.bar.close])).toEqual([
      [(last * MINUTE_MS) / 1000, 100.5],
      [((last + 1) * MINUTE_MS) / 1000, 100.75],
    ]);
    // The legend prints the exact string, not the plotted number.
    expect(screen.getByTestId('kline-close').textContent).toBe('100.75');
  });

  it('loads older candles at the left edge, before the first one shown, until there are no more', async () => {
    const loads: (number | undefined)[] = [];
    const { reconnect } = renderChart((before) => {
      loads.push(before);
      if (before === undefined) return Promise.resolve(run(1_000, KLINE_PAGE_SIZE));
      return Promise.resolve(run(950, 50));
    });
    await waitFor(() => {
      expect(status()).toBe('ready');
    });
    // Far from the edge: nothing to load.
    act(() => chartLib.state.onRange?.({ from: 100, to: 150 }));
    expect(loads).toEqual([undefined]);

    act(() => chartLib.state.onRange?.({ from: 3, to: 50 }));
    await waitFor(() => {
      expect(chartLib.state.setData).toHaveLength(2);
    });
    expect(loads).toEqual([undefined, 1_000 * MINUTE_MS]);
    expect(chartLib.state.setData[1]).toHaveLength(KLINE_PAGE_SIZE + 50);
    expect(chartLib.state.setData[1]?.[0]?.time).toBe((950 * MINUTE_MS) / 1000);

    // Fewer than a page came back: that was the beginning of the history.
    act(() => chartLib.state.onRange?.({ from: 0, to: 50 }));
    expect(loads).toHaveLength(2);

    // After a reconnect the newest page is fetched again and merged in.
    reconnect();
    await waitFor(() => {
      expect(loads).toEqual([undefined, 1_000 * MINUTE_MS, undefined]);
    });
  });

  it('says when an interval has no candles yet, and offers a retry when loading fails', async () => {
    const first = renderChart(() => Promise.resolve([]));
    await waitFor(() => {
      expect(status()).toBe('empty');
    });
    expect(screen.getByText('No candles for this interval yet')).toBeTruthy();
    first.push(candle(5));
    expect(status()).toBe('ready');
    cleanup();

    let fail = true;
    renderChart(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(run(1, 3))));
    await waitFor(() => {
      expect(status()).toBe('error');
    });
    fail = false;
    act(() => {
      screen.getByRole('button', { name: 'Retry' }).click();
    });
    await waitFor(() => {
      expect(status()).toBe('ready');
    });
  });
});
