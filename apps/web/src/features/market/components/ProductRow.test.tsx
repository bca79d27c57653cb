import type { SocketState } from '@ampere/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import type { SocketMessage } from '@/lib/socket';
import type { MarketProduct } from '../api/market';
import { MarketStreamContext } from '../hooks/useMarketStream';
import { createMarketStream } from '../stream';
import type { StreamSocket } from '../stream';
import { ProductList } from './ProductList';
import { ProductRow } from './ProductRow';

const product = (symbol: string, name: string, overrides: Partial<MarketProduct> = {}) =>
  ({
    symbol,
    name,
    category: 'crypto',
    priceScale: 2,
    state: 'open',
    lastPrice: '100.00',
    lastTime: 1_000,
    changePct: '0.00',
    open24h: '100.00',
    high: '100.00',
    low: '100.00',
    ticks24h: 1,
    volume24h: '1.00000000',
    ...overrides,
  }) satisfies MarketProduct;

/** A socket double that hands the test each channel's message handler. */
function fakeSocket() {
  const handlers = new Map<string, (msg: SocketMessage) => void>();
  const socket: StreamSocket = {
    connect: () => undefined,
    subscribe: (_event, data, onMessage) => {
      const ch = (data as { ch: string }).ch;
      handlers.set(ch, onMessage);
      return () => handlers.delete(ch);
    },
    onState: (_cb: (state: SocketState) => void) => () => undefined,
  };
  const push = (symbol: string, price: string, time: number) => {
    handlers.get(`ticker.${symbol}`)?.({
      ch: `ticker.${symbol}`,
      data: { symbol, price, time, hash: 'ab'.repeat(32) },
    });
  };
  return { socket, push };
}

function setup() {
  const frames: (() => void)[] = [];
  const { socket, push } = fakeSocket();
  const stream = createMarketStream({
    socket: () => socket,
    requestFrame: (cb) => frames.push(cb),
  });
  const runFrame = () => {
    act(() => {
      for (const cb of frames.splice(0)) cb();
    });
  };
  return { stream, push, runFrame };
}

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const rowOf = (symbol: string) =>
  screen.getAllByTestId('market-row').find((row) => row.dataset.symbol === symbol)!;

describe('ProductRow', () => {
  it('re-renders only the row whose price moved, once per frame', () => {
    const { stream, push, runFrame } = setup();
    const renders = { 'BTC/USDT': 0, 'ETH/USDT': 0 };
    const count = (id: string) => {
      renders[id as keyof typeof renders] += 1;
    };
    const products = [product('BTC/USDT', 'Bitcoin'), product('ETH/USDT', 'Ethereum')];
    render(
      <MemoryRouter>
        <MarketStreamContext value={stream}>
          <ul>
            {products.map((p) => (
              <Profiler key={p.symbol} id={p.symbol} onRender={count}>
                <ProductRow product={p} to="/x" />
              </Profiler>
            ))}
          </ul>
        </MarketStreamContext>
      </MemoryRouter>,
    );
    expect(renders).toEqual({ 'BTC/USDT': 1, 'ETH/USDT': 1 });

    push('BTC/USDT', '101.00', 2_000);
    push('BTC/USDT', '102.50', 2_500);
    runFrame();
    expect(renders).toEqual({ 'BTC/USDT': 2, 'ETH/USDT': 1 });
    const btc = rowOf('BTC/USDT');
    expect(within(btc).getByTestId('market-price').textContent).toBe('102.50');
    // (102.50 − 100.00) / 100.00 = 2.5%
    expect(within(btc).getByTestId('market-change').textContent).toBe('+2.50%');
    expect(within(rowOf('ETH/USDT')).getByTestId('market-price').textContent).toBe('100.00');
  });

  it('shows a paused product greyed with its state, and a closed one likewise', () => {
    const { stream } = setup();
    render(
      <MemoryRouter>
        <MarketStreamContext value={stream}>
          <ProductList
            label="Products"
            products={[
              product('BTC/USDT', 'Bitcoin', { state: 'paused', changePct: '1.00' }),
              product('XAU/USD', 'Gold', { state: 'closed' }),
            ]}
          />
        </MarketStreamContext>
      </MemoryRouter>,
    );
    const paused = rowOf('BTC/USDT');
    expect(within(paused).getByText('Paused')).toBeTruthy();
    expect(within(paused).getByTestId('market-price').dataset.muted).toBe('true');
    expect(within(rowOf('XAU/USD')).getByText('Closed')).toBeTruthy();
  });

  it('links to the product detail with the symbol encoded, and toggles the favourite star', () => {
    const { stream } = setup();
    const toggle = vi.fn();
    render(
      <MemoryRouter>
        <MarketStreamContext value={stream}>
          <ProductList
            label="Products"
            withHeader
            products={[product('BTC/USDT', 'Bitcoin'), product('ETH/USDT', 'Ethereum')]}
            favourites={['ETH/USDT']}
            onToggleFavourite={toggle}
          />
        </MarketStreamContext>
      </MemoryRouter>,
    );
    expect(within(rowOf('BTC/USDT')).getByRole('link').getAttribute('href')).toBe(
      '/app/pages/product/detail?id=BTC%2FUSDT',
    );
    const star = screen.getByRole('button', { name: 'Add Bitcoin to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(
      screen
        .getByRole('button', { name: 'Remove Ethereum from favourites' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(star);
    expect(toggle).toHaveBeenCalledWith('BTC/USDT');
  });
});
