// The gift-card success page's celebration (spec: customer-site 2, "a confetti-like celebration
// flag for 3 seconds"): paper pieces falling once across the screen. With reduced motion asked
// for, the same pieces stay still for the 3 seconds; nothing moves.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { celebrationMs } from './success-state';

const colours = ['#0e7490', '#f59e0b', '#10b981', '#f43f5e', '#6366f1', '#22d3ee'];
// fixed, not random: the same picture every time (and nothing a render could disagree on); made
// on use, so that a page importing this feature's index without showing it carries nothing
const confetti = (i: number) => ({
  left: (i * 37 + 11) % 100,
  top: (i * 53 + 7) % 12,
  width: 6 + (i % 3) * 3,
  height: 10 + (i % 4) * 3,
  colour: colours[i % colours.length]!,
  delay: (i % 10) * 60,
  drift: ((i % 7) - 3) * 18,
  turn: 240 + (i % 5) * 120,
});
const pieceCount = 40;

/** True for `ms` after `start` first becomes true, then false for good. */
export function useCelebration(start: boolean, ms = celebrationMs): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!start) return;
    const timer = window.setTimeout(() => setOver(true), ms);
    return () => window.clearTimeout(timer);
  }, [start, ms]);
  return start && !over;
}

export function Celebration() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const ref = useRef<HTMLDivElement>(null);
  const pieces = useMemo(() => Array.from({ length: pieceCount }, (_, i) => confetti(i)), []);

  useEffect(() => {
    const root = ref.current;
    if (reducedMotion || !root || typeof root.animate !== 'function') return;
    // each piece lands before the 3 seconds are up, so the flag ends on an empty screen
    const animations = [...root.children].map((el, i) => {
      const p = pieces[i]!;
      return (el as HTMLElement).animate(
        [
          { transform: 'translate3d(0, -12vh, 0) rotate(0deg)', opacity: 1 },
          { transform: `translate3d(${p.drift}px, 105vh, 0) rotate(${p.turn}deg)`, opacity: 0.8 },
        ],
        { duration: celebrationMs - 600 - p.delay, delay: p.delay, easing: 'cubic-bezier(0.25, 0.6, 0.45, 1)', fill: 'both' },
      );
    });
    return () => animations.forEach((a) => a.cancel());
  }, [reducedMotion, pieces]);

  return (
    <div ref={ref} aria-hidden="true" data-testid="celebration" className="pointer-events-none fixed inset-0 z-50 overflow-hidden">
      {pieces.map((p, i) => (
        <span
          key={i}
          className="absolute rounded-[2px]"
          style={{
            left: `${p.left}%`,
            top: reducedMotion ? `${p.top}%` : 0,
            width: p.width,
            height: p.height,
            background: p.colour,
            transform: reducedMotion ? `rotate(${p.turn}deg)` : 'translate3d(0, -12vh, 0)',
          }}
        />
      ))}
    </div>
  );
}
