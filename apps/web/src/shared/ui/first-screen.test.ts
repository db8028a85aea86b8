import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './first-screen.ts';

describe('afterNextPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until the frame being prepared has been painted, not just for its animation callbacks', () => {
    const callback = vi.fn();
    afterNextPaint(callback);

    // The frame that draws what was just rendered: its animation callbacks run before it is painted.
    vi.advanceTimersToNextFrame();
    expect(callback).not.toHaveBeenCalled();

    // The next frame begins once that one has been produced; the callback follows in a task of its own.
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not call back once cancelled, at any step', () => {
    for (const frames of [0, 1, 2]) {
      const callback = vi.fn();
      const cancel = afterNextPaint(callback);
      for (let i = 0; i < frames; i++) vi.advanceTimersToNextFrame();
      cancel();
      vi.runAllTimers();
      expect(callback, `cancelled after ${frames} frames`).not.toHaveBeenCalled();
    }
  });
});
