// The only importer of uPlot (a small, maintained canvas chart library) and its stylesheet.
// daily-chart.tsx loads this file on demand, so the library reaches the dashboards' screens
// only, in a chunk of its own that holds no React (the shopper's first load keeps its shape).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSpec = {
  /** Unix seconds of each day, drawn at UTC midnight and labelled in UTC. */
  x: number[];
  y: number[];
  label: string;
  kind: 'line' | 'bars';
  /** Counts: the axis steps by whole numbers (no '0.25 orders'). */
  whole: boolean;
  color: string;
  height: number;
};

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000];
const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact' });

/** Draws into `element`, following its width; the returned function removes the chart. */
export function drawChart(element: HTMLElement, spec: ChartSpec): () => void {
  const width = () => Math.max(element.clientWidth, 200);
  const chart = new uPlot(
    {
      width: width(),
      height: spec.height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
      axes: [
        {},
        {
          size: 56,
          values: (_u, ticks) => ticks.map((t) => compactNumber.format(t)),
          ...(spec.whole ? { incrs: WHOLE_STEPS } : {}),
        },
      ],
      series: [
        {},
        spec.kind === 'bars'
          ? {
              label: spec.label,
              stroke: spec.color,
              fill: `${spec.color}cc`,
              paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
              points: { show: false },
            }
          : {
              label: spec.label,
              stroke: spec.color,
              width: 2,
              fill: `${spec.color}22`,
              points: { show: false },
            },
      ],
    },
    [spec.x, spec.y],
    element,
  );
  // Follows its box: a phone turned, a window resized.
  const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: spec.height }));
  observer.observe(element);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
