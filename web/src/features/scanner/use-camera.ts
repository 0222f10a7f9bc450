'use client';
// The camera side of the scanner: the back camera (facingMode environment) into a <video>, and a loop on
// requestAnimationFrame that reads QR codes a few times a second and hands each new one to `onCode` (the same code
// again only after it has been out of sight for ~2 s).
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type PolicyDocument, shouldReloadForCamera } from './camera-policy';
import { createCodeDebouncer } from './code-debouncer';
import { getCodeReader } from './code-reader';

export type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'unavailable' | 'failed';

export interface Camera {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  start(): Promise<void>;
  stop(): void;
}

/** Minimum time between two reads of a frame: enough for a quick hand, easy on a phone's battery. */
const READ_INTERVAL_MS = 150;

function stateOfError(error: unknown): CameraState {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null)
      ? (error as { name?: string }).name
      : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'unavailable';
  return 'failed';
}

export function useCamera(onCode: (code: string) => void): Camera {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('idle');
  const onCodeRef = useRef(onCode);
  const stream = useRef<MediaStream | null>(null);
  const frame = useRef<number | null>(null);
  const debouncer = useRef(createCodeDebouncer());

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('idle');
  }, []);

  const start = useCallback(async () => {
    if (stream.current) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    if (shouldReloadForCamera(document as unknown as PolicyDocument, window.sessionStorage, window.location.pathname)) {
      window.location.reload();
      return;
    }
    setState('starting');
    try {
      // The reader (maybe the WebAssembly module) loads while the person answers the camera prompt.
      const readerLoad = getCodeReader();
      readerLoad.catch(() => undefined);
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      stream.current = media;
      const reader = await readerLoad;
      const video = videoRef.current;
      if (!video) {
        media.getTracks().forEach((track) => track.stop());
        stream.current = null;
        setState('idle');
        return;
      }
      video.srcObject = media;
      await video.play().catch(() => undefined);
      setState('scanning');

      let reading = false;
      let lastRead = 0;
      const tick = (time: number) => {
        frame.current = requestAnimationFrame(tick);
        if (reading || time - lastRead < READ_INTERVAL_MS || video.readyState < 2) return;
        reading = true;
        lastRead = time;
        reader
          .detect(video)
          .then((codes) => {
            for (const code of codes) if (debouncer.current.accept(code)) onCodeRef.current(code);
          })
          .catch(() => undefined)
          .finally(() => {
            reading = false;
          });
      };
      frame.current = requestAnimationFrame(tick);
    } catch (error) {
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
      setState(stateOfError(error));
    }
  }, []);

  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop };
}
