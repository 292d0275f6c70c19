import { useEffect } from 'react';
import type { RefObject } from 'react';

/** While a menu is open, a press anywhere outside its box closes it. */
export function useCloseOnOutsideClick(open: boolean, box: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) close();
    };
    window.addEventListener('mousedown', closeOutside);
    return () => window.removeEventListener('mousedown', closeOutside);
  }, [open, box, close]);
}
