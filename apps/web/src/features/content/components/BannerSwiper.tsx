import type { Banner } from '@ampere/contract';
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SWIPER_DURATION_MS, SWIPER_INTERVAL_MS } from '@/lib/constants';
import styles from './BannerSwiper.module.css';

interface Props {
  banners: readonly Banner[];
  onOpen: (banner: Banner) => void;
}

/** A swipe shorter than this (px) is a tap. */
const SWIPE_PX = 40;

/**
 * Home's banners (SPEC §9): one every 5000 ms, each change sliding over 500 ms; a swipe moves by
 * hand and restarts the timer; with reduced motion the slide is instant. A tap follows the link.
 * With no banners (yet), an empty frame of the same size.
 */
export function BannerSwiper({ banners, onOpen }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [tick, setTick] = useState(0);
  const startX = useRef<number | null>(null);
  const swiped = useRef(false);
  const count = banners.length;
  const current = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % count);
    }, SWIPER_INTERVAL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [count, tick]);

  // Without banners (still loading, or none published) the frame stays, empty: its place is kept,
  // so nothing below it moves when they arrive (issue #20).
  if (count === 0) return <div className={styles.swiper} aria-hidden />;
  const go = (to: number) => {
    setIndex((to + count) % count);
    setTick((n) => n + 1);
  };
  const track = {
    transform: `translateX(-${current * 100}%)`,
    '--swiper-duration': `${SWIPER_DURATION_MS}ms`,
  } as CSSProperties;

  return (
    <section
      className={styles.swiper}
      aria-roledescription="carousel"
      aria-label={t('content.banners')}
      onPointerDown={(e) => {
        startX.current = e.clientX;
        swiped.current = false;
      }}
      onPointerUp={(e) => {
        if (startX.current === null) return;
        const dx = e.clientX - startX.current;
        startX.current = null;
        if (Math.abs(dx) < SWIPE_PX) return;
        swiped.current = true;
        go(current + (dx < 0 ? 1 : -1));
      }}
    >
      <div className={styles.track} style={track}>
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className={styles.slide}
            aria-hidden={i !== current}
            tabIndex={i === current ? 0 : -1}
            onClick={() => {
              if (!swiped.current && b.link) onOpen(b);
            }}
          >
            <img className={styles.image} src={b.imageUrl} alt={b.title} draggable={false} />
          </button>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.dots}>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={i === current ? styles.dotActive : styles.dot}
              aria-label={t('content.bannerN', { n: i + 1, count })}
              aria-current={i === current}
              onClick={() => {
                go(i);
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
