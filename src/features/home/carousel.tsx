import { useEffect, useRef, useState } from 'react';
import type { Schemas } from '@/api/client';

type Banner = Schemas['Banner'];

const INTERVAL_MS = 4000;

/** Banner carousel: swipe (scroll-snap), dots, auto-advance unless the user prefers less motion. */
export function Carousel({ banners, onOpen }: { banners: Banner[]; onOpen: (b: Banner) => void }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduce || paused || banners.length < 2) return;
    const timer = setInterval(() => go((index + 1) % banners.length), INTERVAL_MS);
    return () => clearInterval(timer);
  });

  function go(i: number) {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
    setIndex(i);
  }

  return (
    <section
      class="home-carousel"
      aria-roledescription="carousel"
      aria-label="轮播图"
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
    >
      <div
        class="home-carousel__track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget as HTMLDivElement;
          if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {banners.map((b, i) => (
          <div
            class="home-carousel__slide"
            key={b.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${banners.length}`}
          >
            {b.linkUrl ? (
              <button type="button" class="home-carousel__button" onClick={() => onOpen(b)}>
                <img src={b.imageUrl} alt={b.title ?? '轮播图'} loading={i === 0 ? 'eager' : 'lazy'} />
              </button>
            ) : (
              <img src={b.imageUrl} alt={b.title ?? '轮播图'} loading={i === 0 ? 'eager' : 'lazy'} />
            )}
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div class="home-carousel__dots">
          {banners.map((b, i) => (
            <button
              type="button"
              key={b.id}
              class={i === index ? 'home-carousel__dot home-carousel__dot_on' : 'home-carousel__dot'}
              aria-label={`第${i + 1}张`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
