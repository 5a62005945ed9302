/**
 * A short two-tone chime made with the Web Audio API (no sound file to ship). Fails silently
 * where audio is unavailable or not yet allowed (autoplay policy before a user gesture).
 */
let context: AudioContext | null = null;

export function playAlarmChime(): void {
  try {
    const Ctor = globalThis.AudioContext;
    if (typeof Ctor !== 'function') return;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const start = ctx.currentTime;
    [880, 660].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = start + i * 0.18;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(freq, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.17);
    });
  } catch {
    // No audio here: the count still shows.
  }
}
