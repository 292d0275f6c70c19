import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatusSample } from '../../../../src-preload/contract/firewall-admin.ts';

interface Props {
  samples: readonly StatusSample[];
  labels: { cpu: string; memory: string };
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

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const axis = { stroke: color('--muted', '#888'), grid: { stroke: color('--border', '#ddd') }, ticks: { stroke: color('--border', '#ddd') } };
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        scales: { y: { range: [0, 100] } },
        axes: [axis, { ...axis, values: (_plot, ticks) => ticks.map((tick) => `${tick} %`) }],
        series: [
          {},
          { label: labels.cpu, stroke: color('--accent', '#2563eb'), width: 2, value: (_plot, value) => (value === null ? '' : `${value} %`) },
          { label: labels.memory, stroke: color('--warning-text', '#b45309'), width: 2, value: (_plot, value) => (value === null ? '' : `${value} %`) },
        ],
      },
      dataOf([]),
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [labels.cpu, labels.memory]);

  useEffect(() => {
    plot.current?.setData(dataOf(samples));
  }, [samples]);

  return <div ref={container} role="img" aria-label={`${labels.cpu}, ${labels.memory}`} data-samples={samples.length} />;
}
