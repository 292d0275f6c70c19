// Answers draw their Markdown a few at a time. Parsing is the dearest part of a message, and more
// so while V8 has not optimised the parser yet: a conversation opened in a fresh window drew all its
// rows on screen in one 60–80 ms task, and so did the rows a fling stopped on (P8). The budget
// leaves room for the rest of the view drawn in the same task.

/** How long one task may spend drawing answers' Markdown before the rest wait for a turn. */
const BUDGET_MS = 10;

let taskStartedAt: number | null = null;

/** Whether an answer rendered now may draw its Markdown in this task: yes until the task has spent its budget. */
export function markdownFitsThisTask(): boolean {
  const now = performance.now();
  if (taskStartedAt === null) {
    taskStartedAt = now;
    // The next task starts a new budget.
    setTimeout(() => (taskStartedAt = null));
  }
  return now - taskStartedAt < BUDGET_MS;
}

const waiting: (() => void)[] = [];
let turnScheduled = false;

function nextTurn() {
  turnScheduled = false;
  // The latest asked first: rows mount top to bottom, and the newest answer is the one being read.
  waiting.pop()?.();
  if (waiting.length > 0) scheduleTurn();
}

function scheduleTurn() {
  if (turnScheduled) return;
  turnScheduled = true;
  setTimeout(nextTurn);
}

/** Asks for a task of its own to draw in; answers how to withdraw the request (the row left the screen). */
export function awaitMarkdownTurn(draw: () => void): () => void {
  waiting.push(draw);
  scheduleTurn();
  return () => {
    const at = waiting.indexOf(draw);
    if (at >= 0) waiting.splice(at, 1);
  };
}
