/** The most the heap and buffers grew above where they were, sampled every 5 ms while `work` runs. */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ bytes: number; result: T }> {
  const used = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  global.gc?.();
  const baseline = used();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    const result = await work();
    return { bytes: Math.max(peak, used()) - baseline, result };
  } finally {
    clearInterval(sampler);
  }
}
