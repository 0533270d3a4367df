/**
 * A short two-tone chime from Web Audio (no sound file to load). Browsers start audio only after
 * the person has interacted with the page, so the context is created or resumed on the first
 * click or key press; before that a chime is silently skipped and the alert still shows.
 */

type TAudioWindow = Window & { webkitAudioContext?: typeof AudioContext };
let context: AudioContext | null = null;
let unlocking = false;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as TAudioWindow).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Lets the chime play once the person has touched the page. */
export function unlockSound() {
  if (unlocking || typeof document === 'undefined') return;
  unlocking = true;
  const unlock = () => {
    const ctx = audio();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
    document.removeEventListener('pointerdown', unlock, true);
    document.removeEventListener('keydown', unlock, true);
  };
  document.addEventListener('pointerdown', unlock, true);
  document.addEventListener('keydown', unlock, true);
}

export function beep() {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  try {
    const start = ctx.currentTime + 0.01;
    for (const [offset, frequency] of [
      [0, 880],
      [0.16, 1320],
    ] as const) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.3);
    }
  } catch {
    /* no sound; the alert is still on screen */
  }
}
