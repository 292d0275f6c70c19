/** How tall a table's rows are: comfortable for reading, compact for seeing more at once. */
export const densities = ['comfortable', 'compact'] as const;
export type Density = (typeof densities)[number];
