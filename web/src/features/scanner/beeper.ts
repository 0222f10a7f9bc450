// The scanner's sounds through WebAudio: no audio files to fetch, and they play offline. Browsers start audio only
// after a gesture, so the scanner unlocks it on the first tap (the "Start scanning" button).
import { BEEPS, type ResultSound } from './scan-presentation';

export interface Beeper {
  /** Call from a user gesture: creates or resumes the audio context. */
  unlock(): void;
  play(sound: ResultSound): void;
}

type AudioContextConstructor = new () => AudioContext;

export function createBeeper(): Beeper {
  let context: AudioContext | undefined;
  const ensure = (): AudioContext | undefined => {
    if (!context) {
      const Constructor =
        (globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor })
          .AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
      if (!Constructor) return undefined;
      context = new Constructor();
    }
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  };
  return {
    unlock() {
      ensure();
    },
    play(sound) {
      const audio = ensure();
      if (!audio) return;
      const beep = BEEPS[sound];
      const start = audio.currentTime + 0.01;
      for (let index = 0; index < beep.count; index += 1) {
        const at = start + (index * (beep.durationMs + beep.gapMs)) / 1000;
        const end = at + beep.durationMs / 1000;
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = beep.wave;
        oscillator.frequency.setValueAtTime(beep.frequency, at);
        // A short ramp in and out: no click at either end.
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
        gain.gain.setValueAtTime(0.4, end - 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(at);
        oscillator.stop(end + 0.01);
      }
    },
  };
}
