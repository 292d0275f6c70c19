import { useEffect, useRef, useSyncExternalStore } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatusSample } from '../../../../src-shared/contract/firewall-admin.ts';
import { formatDateTime, formatNumber, formatTimeOfDay } from '../../../ui/format.ts';
import { useThemeStore } from '../../../ui/theme-store.ts';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
/** Whether the system is dark now: with the theme choice, which of each light-dark() pair the page shows. */
const useSystemDark = () =>
  useSyncExternalStore(
    (changed) => {
      const query = darkQuery();
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => darkQuery().matches,
  );

interface Props {
  samples: readonly StatusSample[];
  labels: { time: string; cpu: string; memory: string };
  /** The app's language: the legend's and the axis's times are written in it. */
  language: string;
}

const height = 220;

function dataOf(samples: readonly StatusSample[]): uPlot.AlignedData {
  return [
    samples.map((sample) => Date.parse(sample.at) / 1000),
    samples.map((sample) => sample.cpuPercent ?? null),
    samples.map((sample) => sample.memoryPercent ?? null),
  ];
}

/** CPU and memory in percent over time; uPlot draws on a canvas, fed every new reading. */
export function UsageChart({ samples, labels, language }: Props) {
  const container = useRef<HTMLDivElement>(null);
  // A canvas is drawn with colours, not with the styles' light-dark() pairs: drawn again when the theme turns.
  const scheme = `${useThemeStore((state) => state.choice)}|${useSystemDark()}`;
  const plot = useRef<uPlot | null>(null);
  const samplesRef = useRef(samples);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let stop = () => {};
    // uPlot reads the document when it loads: loaded with the chart, never with the module graph.
    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return;
      // The colour the page shows for a variable (a light-dark() pair resolved), through an element that uses it.
      const color = (name: string, fallback: string) => {
        const probe = element.appendChild(document.createElement('span'));
        probe.style.color = `var(${name}, ${fallback})`;
        const shown = getComputedStyle(probe).color;
        probe.remove();
        return shown;
      };
      const axis = { stroke: color('--muted', '#888'), grid: { stroke: color('--border', '#ddd') }, ticks: { stroke: color('--border', '#ddd') } };
      const percent = (_plot: uPlot, value: number | null) => (value === null ? '' : `${formatNumber(value, language)} %`);
      const moment = (_plot: uPlot, seconds: number | null) => (seconds === null ? '' : formatDateTime(new Date(seconds * 1000), language));
      const chart = new UPlot(
        {
          width: Math.max(200, element.clientWidth),
          height,
          scales: {
            // From the readings themselves, at least two minutes wide: uPlot pads a single reading
            // out to years on each side.
            x: {
              time: true,
              range: (self) => {
                const times = self.data[0];
                const first = times[0] ?? Date.now() / 1000;
                return [first, Math.max(times[times.length - 1] ?? first, first + 120)];
              },
            },
            y: { range: [0, 100] },
          },
          axes: [
            { ...axis, values: (_plot, ticks, _axis, _space, step) => ticks.map((tick) => formatTimeOfDay(new Date(tick * 1000), language, step < 60)) },
            { ...axis, size: 60, values: (_plot, ticks) => ticks.map((tick) => `${formatNumber(tick, language)} %`) },
          ],
          // The legend reads the reading under the pointer; with the pointer away, the latest one.
          hooks: {
            setLegend: [
              (self) => {
                const readings = self.data[0].length;
                if ((self.legend.idx ?? null) === null && readings > 0) self.setLegend({ idx: readings - 1 });
              },
            ],
          },
          series: [
            { label: labels.time, value: moment },
            { label: labels.cpu, stroke: color('--accent', '#2563eb'), width: 2, value: percent },
            { label: labels.memory, stroke: color('--warning-text', '#b45309'), width: 2, value: percent },
          ],
        },
        dataOf(samplesRef.current),
        element,
      );
      plot.current = chart;
      const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
      resize.observe(element);
      stop = () => {
        resize.disconnect();
        chart.destroy();
      };
    });
    return () => {
      disposed = true;
      stop();
      plot.current = null;
    };
  }, [labels.time, labels.cpu, labels.memory, language, scheme]);

  useEffect(() => {
    samplesRef.current = samples;
    const chart = plot.current;
    if (!chart) return;
    chart.setData(dataOf(samples));
    // uPlot parks the cursor left of the plot when the pointer is away: the legend then follows the newest reading.
    if ((chart.cursor.left ?? -1) < 0 && samples.length > 0) chart.setLegend({ idx: samples.length - 1 });
  }, [samples]);

  return <div ref={container} role="img" aria-label={`${labels.cpu}, ${labels.memory}`} data-samples={samples.length} />;
}
