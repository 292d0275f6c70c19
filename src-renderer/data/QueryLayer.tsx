import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createQueryClient } from './ipc-query.ts';
import { followInvalidations } from './invalidations.ts';

/** The window's one query cache, kept fresh by main's events. */
export function QueryLayer({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  useEffect(() => followInvalidations(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
