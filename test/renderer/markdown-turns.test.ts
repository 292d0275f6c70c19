import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitMarkdownTurn, markdownFitsThisTask } from '../../src-renderer/features/chat/markdown-turns.ts';

describe('markdown turns', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lets answers draw in one task until its budget is spent, and gives the next task a new budget', () => {
    now = 1000;
    expect(markdownFitsThisTask()).toBe(true);
    // Drawing within the same task: no timer has run in between.
    now = 1008;
    expect(markdownFitsThisTask()).toBe(true);
    now = 1012;
    expect(markdownFitsThisTask()).toBe(false);
    vi.runOnlyPendingTimers();
    expect(markdownFitsThisTask()).toBe(true);
  });

  it('draws the waiting answers one per task, the latest asked first; one withdrawn is never drawn', () => {
    const drawn: string[] = [];
    awaitMarkdownTurn(() => drawn.push('older'));
    const withdraw = awaitMarkdownTurn(() => drawn.push('gone'));
    awaitMarkdownTurn(() => drawn.push('newest'));
    withdraw();
    expect(drawn).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['newest']);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['newest', 'older']);
    vi.runAllTimers();
    expect(drawn).toEqual(['newest', 'older']);
  });
});
