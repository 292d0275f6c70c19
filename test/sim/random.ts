// Seeded, deterministic pseudo-random numbers (mulberry32). Each data set draws from its own
// named stream so that adding records to one service never shifts the data of another.
export interface Random {
  next(): number; // [0, 1)
  int(min: number, max: number): number; // inclusive
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  hex(length: number): string;
}

function hashName(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function createRandom(seed: number, stream = ''): Random {
  let state = (seed ^ hashName(stream)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
}
