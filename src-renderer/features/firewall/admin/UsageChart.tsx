import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatusSample } from '../../../../src-preload/contract/firewall-admin.ts';

interface Props {
  samples: readonly StatusSample[];
  labels: { time: string; cpu: string; memory: string };
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
export function UsageChart({ samples, labels }: Props) {
  const container = useRef<HTMLDivElement>(null);
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
      const styles = getComputedStyle(element);
      const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
      const axis = { stroke: color('--muted', '#888'), grid: { stroke: color('--border', '#ddd') }, ticks: { stroke: color('--border', '#ddd') } };
      const percent = (_plot: uPlot, value: number | null) => (value === null ? '' : `${value} %`);
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
          axes: [axis, { ...axis, size: 60, values: (_plot, ticks) => ticks.map((tick) => `${tick} %`) }],
          series: [
            { label: labels.time },
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
  }, [labels.time, labels.cpu, labels.memory]);

  useEffect(() => {
    samplesRef.current = samples;
    plot.current?.setData(dataOf(samples));
  }, [samples]);

  return <div ref={container} role="img" aria-label={`${labels.cpu}, ${labels.memory}`} data-samples={samples.length} />;
}
