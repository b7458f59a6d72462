import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

/** The theme's colours as the stylesheet defines them (light or dark), for a canvas that cannot read CSS variables. */
export interface ChartColors {
  fg: string;
  muted: string;
  border: string;
  primary: string;
  warn: string;
  ok: string;
}

function themeColors(): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string): string => css.getPropertyValue(name).trim();
  return {
    fg: read('--fg'),
    muted: read('--muted'),
    border: read('--border'),
    primary: read('--primary'),
    warn: read('--warn'),
    ok: read('--ok'),
  };
}

/** The light/dark switch of the system: a chart is drawn again in the other colours. */
function useColorScheme(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    // eslint-disable-next-line no-restricted-syntax -- a CSS media query, not words for people
    const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const bump = (): void => setChanges((n) => n + 1);
    query.addEventListener('change', bump);
    return () => query.removeEventListener('change', bump);
  }, []);
  return changes;
}

/**
 * A uPlot chart in a box as wide as its container: uPlot is loaded on first
 * use, the chart made by `options` (for a width and the theme's colours) over
 * `data`, made again when either changes or the box is resized, and destroyed
 * with the component. The canvas is hidden from assistive technology: the
 * caller says what it shows in words beside it. Where no canvas can be drawn
 * (a test's DOM), nothing is drawn and the words stay.
 */
/** A chart's options for a width, the theme's colours and uPlot itself (for its path builders). */
export type ChartOptions = (width: number, colors: ChartColors, UPlot: typeof uPlot) => Omit<uPlot.Options, 'width' | 'height'>;

interface UPlotChartProps {
  options: ChartOptions;
  data: uPlot.AlignedData;
  height: number;
  testId?: string;
}

export function UPlotChart({ options, data, height, testId }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const scheme = useColorScheme();
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!element || width <= 0) return;
    let plot: uPlot | null = null;
    let live = true;
    void import('./uplot-loader.ts').then(({ default: UPlot }) => {
      if (!live) return;
      try {
        plot = new UPlot({ ...options(width, themeColors(), UPlot), width, height }, data, element);
      } catch {
        plot = null;
      }
    });
    return () => {
      live = false;
      plot?.destroy();
    };
  }, [options, data, width, height, scheme]);
  return <div ref={box} className="chart-box" style={{ height }} aria-hidden="true" data-testid={testId} />;
}
