import type { Candle, KlineInterval } from '@ampere/contract';
import { formatNumber } from '@ampere/client';
import { DotLoading } from 'antd-mobile';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  TickMarkType,
  createChart,
} from 'lightweight-charts';
import type {
  DeepPartial,
  ChartOptions,
  IChartApi,
  ISeriesApi,
  LogicalRange,
  MouseEventParams,
  Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '@/components/RetryState';
import { KLINE_PAGE_SIZE } from '../api/market';
import { applyLiveCandle, indexOfTime, mergeCandles, timeAxisFor, toBar } from '../chartData';
import { useKlineStream, useMarketResync } from '../hooks/useMarketStream';
import { compareDecimals, formatPrice } from '../quote';
import styles from './KlineChart.module.css';

/**
 * The K-line chart of one product and interval (lightweight-charts, loaded in its own chunk).
 * History comes from market/kline; the forming candle moves with `kline.*` pushes through
 * `series.update` (never a full redraw per tick); scrolling to the left edge loads older
 * candles. The page remounts it (React key) when the product or the interval changes.
 */
export interface KlineChartProps {
  symbol: string;
  interval: KlineInterval;
  priceScale: number;
  /** Candles opening before `before` (ms), oldest first; the newest page without it. */
  loadCandles: (before: number | undefined, signal: AbortSignal) => Promise<Candle[]>;
}

type Status = 'loading' | 'ready' | 'empty' | 'error';

/** Load older candles once fewer than this many bars are left off-screen to the left. */
const LOAD_OLDER_THRESHOLD_BARS = 10;
/** After a failed load of older candles, scrolling tries again no sooner than this. */
const LOAD_OLDER_RETRY_MS = 5000;
const CHART_HEIGHT_PX = 300;

interface Palette {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
}

/** The theme's colours (styles/theme.css), read where the chart sits so dark mode applies. */
function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: color('--app-surface', '#ffffff'),
    text: color('--app-text-secondary', '#6b7585'),
    grid: color('--app-border', '#e8eaee'),
    up: color('--app-up', '#16a34a'),
    down: color('--app-down', '#dc2626'),
  };
}

function chartOptions(palette: Palette): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      fontSize: 11,
    },
    grid: {
      vertLines: { color: palette.grid },
      horzLines: { color: palette.grid },
    },
    // Room above the highest candle, and no axis label drawn unless it fits whole: the scale's
    // top grid line sits on the chart's edge, where its label was cut in half (1Day).
    rightPriceScale: {
      borderColor: palette.grid,
      scaleMargins: { top: 0.12, bottom: 0.08 },
      entireTextOnly: true,
    },
    timeScale: { borderColor: palette.grid },
  };
}

const seriesColors = (palette: Palette) => ({
  upColor: palette.up,
  downColor: palette.down,
  wickUpColor: palette.up,
  wickDownColor: palette.down,
  borderVisible: false,
});

/** Local-time labels: the library itself would print UTC. */
function timeFormatters(locale: string, interval: KlineInterval) {
  const make = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(locale, options);
    } catch {
      return new Intl.DateTimeFormat(undefined, options);
    }
  };
  const hm = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const crosshair = make(
    interval === '1Day'
      ? { year: 'numeric', month: 'short', day: 'numeric' }
      : { month: 'short', day: 'numeric', ...hm, ...(interval === '1s' && { second: '2-digit' }) },
  );
  const ticks = {
    [TickMarkType.Year]: make({ year: 'numeric' }),
    [TickMarkType.Month]: make({ month: 'short' }),
    [TickMarkType.DayOfMonth]: make({ month: 'numeric', day: 'numeric' }),
    [TickMarkType.Time]: make(hm),
    [TickMarkType.TimeWithSeconds]: make({ ...hm, second: '2-digit' }),
  };
  const toDate = (time: Time) => (typeof time === 'number' ? new Date(time * 1000) : undefined);
  return {
    timeFormatter: (time: Time) => {
      const date = toDate(time);
      return date === undefined ? '' : crosshair.format(date);
    },
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const date = toDate(time);
      return date === undefined ? null : ticks[type].format(date);
    },
  };
}

function Legend({ candle, priceScale }: { candle: Candle | undefined; priceScale: number }) {
  const { t } = useTranslation();
  if (candle === undefined) return <div className={styles.legend} />;
  const [, open, high, low, close] = candle;
  const items = [
    { key: 'open', label: t('markets.chart.open'), value: open },
    { key: 'high', label: t('markets.chart.high'), value: high },
    { key: 'low', label: t('markets.chart.low'), value: low },
    { key: 'close', label: t('markets.chart.close'), value: close },
  ] as const;
  const rising = compareDecimals(close, open) !== -1;
  return (
    <dl className={styles.legend} data-testid="kline-legend" data-rising={rising}>
      {items.map((item) => (
        <div key={item.key} className={styles.legendItem}>
          <dt>{item.label}</dt>
          <dd data-testid={`kline-${item.key}`}>{formatPrice(item.value, priceScale)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function KlineChart({ symbol, interval, priceScale, loadCandles }: KlineChartProps) {
  const { t, i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [legend, setLegend] = useState<Candle | undefined>(undefined);
  /** The live parts the stream callbacks reach: set up by the effect below. */
  const live = useRef<{
    onPushed: (candles: readonly Candle[]) => void;
    reloadLatest: () => void;
  }>(undefined);

  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    const abort = new AbortController();
    let palette = readPalette(container);
    const { timeFormatter, tickMarkFormatter } = timeFormatters(i18n.language, interval);
    const themed = chartOptions(palette);
    const chart: IChartApi = createChart(container, {
      ...themed,
      autoSize: true,
      height: CHART_HEIGHT_PX,
      localization: {
        locale: i18n.language,
        timeFormatter,
        // Axis and crosshair prices grouped like every other number (the chart hands over its
        // own float coordinate: a position on the axis, not an amount).
        priceFormatter: (value: number) => formatNumber(value.toFixed(priceScale), priceScale),
      },
      timeScale: {
        ...themed.timeScale,
        ...timeAxisFor(interval),
        rightOffset: 4,
        barSpacing: 8,
        tickMarkFormatter,
      },
      crosshair: { mode: CrosshairMode.Normal },
      // Vertical swipes scroll the page, not the chart.
      handleScroll: { vertTouchDrag: false },
    });
    const series: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, {
      ...seriesColors(palette),
      priceFormat: { type: 'price', precision: priceScale, minMove: 1 / 10 ** priceScale },
    });

    /** What the chart shows, oldest first, as exact wire candles. */
    let candles: Candle[] = [];
    /** Pushed before the history arrived: applied on top of it. */
    let early: Candle[] = [];
    let loaded = false;
    let loadingOlder = false;
    let olderRetryAtMs = 0;
    let exhausted = false;
    let hovering = false;

    const showLatest = () => {
      if (!hovering) setLegend(candles.at(-1));
    };

    const setAll = (next: Candle[]) => {
      candles = next;
      series.setData(next.map(toBar));
      setStatus(next.length === 0 ? 'empty' : 'ready');
      showLatest();
    };

    const loadLatest = () => {
      loadCandles(undefined, abort.signal).then(
        (page) => {
          if (abort.signal.aborted) return;
          // History merged with what was shown and what arrived meanwhile: nothing goes back.
          setAll(mergeCandles(mergeCandles(candles, page), early));
          early = [];
          if (!loaded) {
            loaded = true;
            exhausted = page.length < KLINE_PAGE_SIZE;
          }
        },
        () => {
          if (abort.signal.aborted) return;
          if (!loaded) setStatus('error');
        },
      );
    };

    const loadOlder = () => {
      const first = candles[0];
      if (first === undefined || loadingOlder || exhausted || !loaded) return;
      if (Date.now() < olderRetryAtMs) return;
      loadingOlder = true;
      loadCandles(first[0], abort.signal)
        .then(
          (page) => {
            if (abort.signal.aborted) return;
            if (page.length < KLINE_PAGE_SIZE) exhausted = true;
            if (page.length > 0) setAll(mergeCandles(page, candles));
          },
          () => {
            // Scrolling fires often: the next scroll to the edge tries again after a pause.
            olderRetryAtMs = Date.now() + LOAD_OLDER_RETRY_MS;
          },
        )
        .finally(() => {
          loadingOlder = false;
        });
    };

    live.current = {
      onPushed: (pushed) => {
        if (!loaded) {
          early = mergeCandles(early, pushed);
          return;
        }
        for (const candle of pushed) {
          const change = applyLiveCandle(candles, candle);
          if (change === 'append' || change === 'replaceLast') series.update(toBar(candle));
          else if (change === 'replaceOlder') series.update(toBar(candle), true);
        }
        setStatus(candles.length === 0 ? 'empty' : 'ready');
        showLatest();
      },
      reloadLatest: () => {
        if (!loaded) setStatus('loading');
        loadLatest();
      },
    };

    const onRange = (range: LogicalRange | null) => {
      if (range === null) return;
      const bars = series.barsInLogicalRange(range);
      if (bars !== null && bars.barsBefore < LOAD_OLDER_THRESHOLD_BARS) loadOlder();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    const onCrosshair = (param: MouseEventParams) => {
      const time = param.time;
      if (typeof time !== 'number') {
        hovering = false;
        showLatest();
        return;
      }
      // Open times are whole seconds (interval boundaries), so the chart time maps back exactly.
      const index = indexOfTime(candles, time * 1000);
      hovering = index >= 0;
      if (hovering) setLegend(candles[index]);
    };
    chart.subscribeCrosshairMove(onCrosshair);

    // Light and dark (and a custom primary colour) are attributes on <html>: follow them.
    const themeObserver = new MutationObserver(() => {
      palette = readPalette(container);
      chart.applyOptions(chartOptions(palette));
      series.applyOptions(seriesColors(palette));
    });
    themeObserver.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-prefers-color-scheme', 'style', 'class'],
    });

    loadLatest();
    return () => {
      abort.abort();
      live.current = undefined;
      themeObserver.disconnect();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.remove();
    };
  }, [i18n.language, interval, loadCandles, priceScale]);

  useKlineStream(symbol, interval, (pushed) => {
    live.current?.onPushed(pushed);
  });
  useMarketResync(() => {
    live.current?.reloadLatest();
  });

  return (
    <div className={styles.chart}>
      <Legend candle={legend} priceScale={priceScale} />
      <div className={styles.canvasBox}>
        <div
          ref={containerRef}
          className={styles.canvas}
          role="figure"
          aria-label={t('markets.chart.label', { symbol, interval })}
          data-testid="kline-chart"
          data-status={status}
        />
        {status === 'loading' && (
          <div className={styles.overlay}>
            <DotLoading color="primary" />
          </div>
        )}
        {status === 'empty' && (
          <div className={styles.overlay}>
            <p className={styles.note}>{t('markets.chart.empty')}</p>
          </div>
        )}
        {status === 'error' && (
          <div className={styles.overlay}>
            <RetryState
              message={t('errors.loading_failed')}
              onRetry={() => {
                live.current?.reloadLatest();
              }}
            />
          </div>
        )}
      </div>
    </div>
  );
}
