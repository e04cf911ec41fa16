import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The summary's charts, in the order they are drawn (their titles: `archives.charts.<id>.title`). */
export const chartIds = ['minutesPerDay', 'minutesPerType', 'tasksPerStatus', 'tasksPerPriority'] as const;
export type ChartId = (typeof chartIds)[number];

/**
 * How far below the screen a chart already starts drawing. None: on a phone the first chart starts a few pixels
 * below the first screen, and any margin has all four drawn during the first load.
 */
const NEAR_SCREEN_MARGIN = '0px';

/**
 * Whether the element is on the screen or near it; once true it stays true. True from the start where there is no
 * IntersectionObserver, and before printing, so a printed report has every chart.
 */
export function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show(), {
      rootMargin: NEAR_SCREEN_MARGIN,
    });
    observer.observe(element);
    window.addEventListener('beforeprint', show);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', show);
    };
  }, [near]);
  return [ref, near] as const;
}

/**
 * A chart's frame, of the same height with or without its chart. The chart is drawn when the frame comes near the
 * screen: on a phone the charts lie below the first screen, and drawing them costs the first load the most time.
 */
export function ChartFigure({ title, children, data, height }: { title: string; children?: ReactNode; data?: ReactNode; height?: number }) {
  const captionId = useId();
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return (
    <figure aria-labelledby={captionId} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800">
      <figcaption id={captionId} className="mb-2 text-sm font-semibold">
        {title}
      </figcaption>
      {/* A chart with a bar per member grows with the team (`height` in pixels); the others are 16rem high. */}
      <div ref={ref} className={height ? 'relative' : 'relative h-64'} style={height ? { height } : undefined}>
        {near && children}
      </div>
      {data}
    </figure>
  );
}

/** The grid of the charts, as {@link ChartFrames} and the charts themselves lay it out. */
export const chartGridClass = 'grid gap-4 lg:grid-cols-2';

/** The empty frames: the charts' place while the report or the chart library loads. */
export function ChartFrames() {
  const { t } = useTranslation();
  return (
    <div className={chartGridClass}>
      {chartIds.map((id) => (
        <ChartFigure key={id} title={t(`archives.charts.${id}.title`)} />
      ))}
    </div>
  );
}
