import { receivingMessages as m } from '@shared/admin-messages';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the BarcodeDetector API this uses (Chromium on Android and macOS; not in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Carrier labels: USPS and UPS print Code 128; the rest in case a label carries one of them. */
const WANTED = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
  'ean_13',
  'data_matrix',
  'qr_code',
  'pdf417',
];
const SCAN_EVERY_MS = 250;

const detectorClass = (): BarcodeDetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? ((window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector ?? null)
    : null;

/** Whether this browser can read a barcode from the camera: the button is offered only then. */
export const canScanWithCamera = (): boolean =>
  detectorClass() !== null &&
  typeof navigator !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * 'Scan with camera': the back camera in a small preview, read a few times a second by the browser's
 * BarcodeDetector until a code is found, which goes to `onCode` (the page puts it in the field and finds it).
 * The camera stops when a code is read, on 'Stop camera', and when the component goes away.
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'failed'>('off');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  useEffect(() => {
    if (state !== 'on') return;
    const Detector = detectorClass();
    const video = videoRef.current;
    if (!Detector || !video || !streamRef.current) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    video.srcObject = streamRef.current;
    void video.play().catch(() => undefined);
    void (async () => {
      const supported = (await Detector.getSupportedFormats?.().catch(() => [])) ?? [];
      const formats = WANTED.filter((f) => supported.length === 0 || supported.includes(f));
      const detector = new Detector({ formats });
      const tick = async () => {
        if (cancelled) return;
        try {
          const found = video.readyState >= 2 ? await detector.detect(video) : [];
          const code = found.find((b) => b.rawValue.trim() !== '')?.rawValue.trim();
          if (code && !cancelled) {
            stop();
            setState('off');
            onCodeRef.current(code);
            return;
          }
        } catch {
          // A frame that could not be read: try the next one.
        }
        timer = setTimeout(tick, SCAN_EVERY_MS);
      };
      void tick();
    })().catch(() => {
      stop();
      setState('failed');
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state, stop]);

  const start = async () => {
    setState('starting');
    try {
      streamRef.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      setState('on');
    } catch {
      stop();
      setState('failed');
    }
  };

  const running = state === 'on' || state === 'starting';
  return (
    <div className="rcv-camera">
      <button
        type="button"
        className="btn btn--secondary"
        aria-pressed={running}
        onClick={() => {
          if (running) {
            stop();
            setState('off');
          } else void start();
        }}
      >
        {running ? m.cameraStop : m.scanCamera}
      </button>
      {state === 'on' && (
        <video ref={videoRef} className="rcv-camera__video" muted playsInline aria-label={m.scanCamera} />
      )}
      {state === 'failed' && (
        <p className="rcv-error" role="alert">
          {m.cameraFailed}
        </p>
      )}
    </div>
  );
}
