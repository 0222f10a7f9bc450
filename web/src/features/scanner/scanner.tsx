'use client';
// One scanner for both ways in: the engine (online scans, offline kit and queue), the camera and the beeps, shown by
// ScannerScreen. The page passes the BFF's routes for its way in (`api`) and what its server render opened.
import { useCallback, type ReactNode } from 'react';
import type { ScannerOpenView } from '../../lib/scan-model';
import type { ScannerApi } from './scanner-engine';

export type { ScannerApi, ShownScan } from './scanner-engine';
import { ScannerScreen } from './scanner-screen';
import { useCamera } from './use-camera';
import { useScanner } from './use-scanner';

export interface ScannerProps {
  api: ScannerApi;
  /** Which kit and queue on this device: one per link, one per member's event. */
  scope: string;
  initial: ScannerOpenView | null;
  deviceId: string;
  access: 'link' | 'member';
  layout: 'fullscreen' | 'embedded';
  headerExtra?: ReactNode;
}

export function Scanner({ api, scope, initial, deviceId, access, layout, headerExtra }: ScannerProps) {
  const { snapshot, engine, beeper } = useScanner({ api, scope, initial, deviceId });
  const onCode = useCallback((code: string) => void engine?.submit(code), [engine]);
  const camera = useCamera(onCode);
  const dismiss = useCallback(() => engine?.dismiss(), [engine]);
  return (
    <ScannerScreen
      snapshot={snapshot}
      access={access}
      layout={layout}
      headerExtra={headerExtra}
      camera={{
        state: camera.state,
        videoRef: camera.videoRef,
        // Browsers allow sound only after a gesture: the tap that starts the camera unlocks it.
        start: () => {
          beeper?.unlock();
          void camera.start();
        },
        stop: camera.stop,
      }}
      onSubmit={(code) => {
        beeper?.unlock();
        void engine?.submit(code);
      }}
      onDismiss={dismiss}
      onDismissNotice={(nonce) => engine?.dismissNotice(nonce)}
      onSyncNow={() => void engine?.sync()}
      onRetry={() => void engine?.start()}
    />
  );
}
