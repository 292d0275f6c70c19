import { useEffect, useRef, useState } from 'react';
import { replyDraftCalls } from '../../replies/index.ts';

/** How long the box waits after the last keystroke before main keeps its text. */
const SAVE_AFTER_MS = 400;

/**
 * Keeps a ticket's reply box text in main (closing the tab or the app loses nothing): read once
 * when the box opens, written shortly after each change, at once when the box closes or the
 * window goes. An empty text forgets it. Until the saved text is read, the box is not ready.
 */
export function useSavedReply(profileId: string, ticketId: string, box: { text: string; setText(text: string): void; locked: boolean }): { ready: boolean } {
  const [ready, setReady] = useState(false);
  const setText = useRef(box.setText);
  useEffect(() => {
    setText.current = box.setText;
  });
  const unsaved = useRef<string | null>(null);

  useEffect(() => {
    let open = true;
    void replyDraftCalls.read(profileId, ticketId).then((answer) => {
      if (!open) return;
      if (answer.ok && answer.data !== '') setText.current(answer.data);
      setReady(true);
    });
    const flush = () => {
      if (unsaved.current === null) return;
      void replyDraftCalls.save(profileId, ticketId, unsaved.current);
      unsaved.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      open = false;
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [profileId, ticketId]);

  useEffect(() => {
    // A draft still streaming in is kept once it has ended.
    if (!ready || box.locked) return;
    unsaved.current = box.text;
    const timer = setTimeout(() => {
      if (unsaved.current === null) return;
      void replyDraftCalls.save(profileId, ticketId, unsaved.current);
      unsaved.current = null;
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ready, box.locked, box.text, profileId, ticketId]);

  return { ready };
}
