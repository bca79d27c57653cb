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
  return { stream, push, runFrame, framesAsked: () => frames.length };
}

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const rowOf = (symbol: string) =>
  screen.getAllByTestId('market-row').find((row) => row.dataset.symbol === symbol)!;

/** One Bitcoin row on the stream, as a list would show it. */
const renderBitcoinRow = (stream: ReturnType<typeof createMarketStream>) =>
  render(
    <MemoryRouter>
      <MarketStreamContext value={stream}>
        <ul>
          <ProductRow product={product('BTC/USDT', 'Bitcoin')} to="/x" />
        </ul>
      </MarketStreamContext>
    </MemoryRouter>,
  );

describe('ProductRow', () => {
  it('updates only the row whose price moved, once per frame, without a React render', () => {
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

    const btc = rowOf('BTC/USDT');
    const btcPrice = within(btc).getByTestId('market-price');
    const btcChange = within(btc).getByTestId('market-change');
    const ethPrice = within(rowOf('ETH/USDT')).getByTestId('market-price');
    // Before any tick: the listed values, as ChangeBadge would show them.
    expect(btcPrice.textContent).toBe('100.00');
    expect(btcPrice.dataset.direction).toBe('flat');
    expect(btcChange.textContent).toBe('0.00%');
    expect(btcChange.dataset).toMatchObject({ direction: 'flat', muted: 'false' });

    push('BTC/USDT', '101.00', 2_000);
    push('BTC/USDT', '102.50', 2_500);
    // Nothing moves before the frame.
    expect(btcPrice.textContent).toBe('100.00');
    runFrame();
    expect(renders).toEqual({ 'BTC/USDT': 1, 'ETH/USDT': 1 });
    expect(btcPrice.textContent).toBe('102.50');
    expect(btcPrice.dataset.direction).toBe('up');
    // (102.50 − 100.00) / 100.00 = 2.5%
    expect(btcChange.textContent).toBe('+2.50%');
    expect(btcChange.dataset.direction).toBe('up');
    expect(ethPrice.textContent).toBe('100.00');

    // A fall turns both cells down.
    push('BTC/USDT', '99.00', 3_500);
    runFrame();
    expect(btcPrice.textContent).toBe('99.00');
    expect(btcPrice.dataset.direction).toBe('down');
    expect(btcChange.textContent).toBe('-1.00%');
    expect(btcChange.dataset.direction).toBe('down');
  });

  it('writes a cell only when its text or direction changes', () => {
    const { stream, push, runFrame } = setup();
    renderBitcoinRow(stream);
    push('BTC/USDT', '101.00', 2_000);
    runFrame();
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    // The same price again (a newer tick): nothing to write.
    push('BTC/USDT', '101.00', 2_500);
    runFrame();
    expect(observer.takeRecords()).toHaveLength(0);
    // 101.00 → 101.004 rounds to the same price at two decimals, and the same change.
    push('BTC/USDT', '101.004', 3_000);
    runFrame();
    expect(observer.takeRecords()).toHaveLength(0);
    push('BTC/USDT', '101.50', 3_500);
    runFrame();
    expect(observer.takeRecords().length).toBeGreaterThan(0);
    observer.disconnect();
  });

  it('leaves a row away from the screen as it is, and brings it up to date when it comes near', () => {
    // The browser's IntersectionObserver (jsdom has none): the test says when a row is near.
    const callbacks = new Map<Element, IntersectionObserverCallback>();
    class NearObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        callbacks.set(element, this.callback);
      }
      unobserve(element: Element) {
        callbacks.delete(element);
      }
      disconnect() {
        callbacks.clear();
      }
    }
    vi.stubGlobal('IntersectionObserver', NearObserver);
    try {
      const { stream, push, runFrame, framesAsked } = setup();
      renderBitcoinRow(stream);
      const row = rowOf('BTC/USDT');
      const price = within(row).getByTestId('market-price');
      const near = (isIntersecting: boolean) => {
        act(() => {
          const entry = { target: row, isIntersecting } as unknown as IntersectionObserverEntry;
          callbacks.get(row)?.([entry], {} as IntersectionObserver);
        });
      };
      expect(callbacks.has(row)).toBe(true);
      near(false);
      push('BTC/USDT', '100.50', 1_500);
      push('BTC/USDT', '101.00', 2_000);
      // Far from the screen its ticks ask for no frame, and the row stays as it was.
      expect(framesAsked()).toBe(0);
      runFrame();
      expect(price.textContent).toBe('100.00');
      near(true);
      expect(price.textContent).toBe('101.00');
      expect(within(row).getByTestId('market-change').textContent).toBe('+1.00%');
      // Near again: written on each frame as before.
      push('BTC/USDT', '102.00', 2_500);
      expect(framesAsked()).toBe(1);
      expect(price.textContent).toBe('101.00');
      runFrame();
      expect(price.textContent).toBe('102.00');
      // A row that goes stops being watched.
      cleanup();
      expect(callbacks.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the newest price again when the product is listed anew', () => {
    const { stream, push, runFrame } = setup();
    const listed = product('BTC/USDT', 'Bitcoin');
    const { rerender } = render(
      <MemoryRouter>
        <MarketStreamContext value={stream}>
          <ul>
            <ProductRow product={listed} to="/x" />
          </ul>
        </MarketStreamContext>
      </MemoryRouter>,
    );
    push('BTC/USDT', '105.00', 2_000);
    runFrame();
    // The list refetched: a paused product, listed before the tick, keeps the tick's price.
    rerender(
      <MemoryRouter>
        <MarketStreamContext value={stream}>
          <ul>
            <ProductRow product={{ ...listed, state: 'paused' }} to="/x" />
          </ul>
        </MarketStreamContext>
      </MemoryRouter>,
    );
    const price = screen.getByTestId('market-price');
    expect(price.textContent).toBe('105.00');
    expect(price.dataset).toMatchObject({ direction: 'flat', muted: 'true' });
    expect(screen.getByTestId('market-change').dataset.muted).toBe('true');
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
