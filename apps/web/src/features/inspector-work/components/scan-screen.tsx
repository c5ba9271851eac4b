import { unitIdFromLabel } from '@inspecta/contract';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCameraOff, IconKeyboard } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { loadQrDecoder } from '../lib/qr-decoder';
import classes from './inspector.module.css';
import { BackToAssignments, InspectorTopBar } from './inspector-top-bar';

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable';

/** Where a unit's label leads in the inspector app. */
export function inspectorUnitPath(unitId: number): string {
  return paths.inspectorUnit.replace(':unitId', String(unitId));
}

/** How often a camera frame is read (a label is found within a fraction of a second, the phone stays cool). */
const FRAME_INTERVAL_MS = 200;

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * /inspector/scan, "Scan label" (docs/equipment.md "Asset labels"): the back camera reads a unit's
 * QR label and opens the unit's checklist. Without a camera, or with camera access refused, the
 * unit code printed on the label is typed instead.
 */
export function ScanScreen() {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [notALabel, setNotALabel] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        const name = (error as { name?: string }).name;
        setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
        return;
      }
      const element = video.current;
      if (stopped || !element) {
        stopStream(stream);
        return;
      }
      element.srcObject = stream;
      try {
        await element.play();
      } catch {
        // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read.
      }
      const decode = await loadQrDecoder();
      if (stopped) return;
      setCamera('scanning');
      const read = async () => {
        if (stopped) return;
        let text: string | null = null;
        try {
          text = await decode(element);
        } catch {
          text = null;
        }
        if (stopped) return;
        if (text) {
          const id = unitIdFromLabel(text);
          if (id) {
            stopped = true;
            stopStream(stream);
            navigate(inspectorUnitPath(id));
            return;
          }
          setNotALabel(text);
        }
        timer = window.setTimeout(() => void read(), FRAME_INTERVAL_MS);
      };
      void read();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopStream(stream);
    };
  }, [navigate]);

  const openCode = (event: FormEvent) => {
    event.preventDefault();
    const id = unitIdFromLabel(code);
    if (!id) {
      setCodeError('Type the unit code printed on the label (a number), or paste the label’s address.');
      return;
    }
    navigate(inspectorUnitPath(id));
  };

  const noCamera = camera === 'denied' || camera === 'unavailable';
  return (
    <div className={classes.page}>
      <InspectorTopBar
        start={<BackToAssignments />}
        title="Scan label"
        subtitle="Point the camera at a unit's QR label"
      />
      <main className={classes.content}>
        <Stack gap="lg">
          {noCamera ? (
            <Alert
              color="brand"
              variant="light"
              icon={<IconCameraOff aria-hidden="true" />}
              title={camera === 'denied' ? 'Camera access is off' : 'No camera to scan with'}
              data-testid="scan-no-camera"
            >
              {camera === 'denied'
                ? 'Allow the camera for this site in your browser settings to scan labels, or type the unit code below.'
                : 'This device offers no camera here. Type the unit code printed on the label below.'}
            </Alert>
          ) : (
            <Paper radius="md" className={classes.scanFrame} data-testid="scan-camera">
              <video ref={video} className={classes.scanVideo} muted playsInline aria-label="Camera view" />
              <div className={classes.scanTarget} aria-hidden="true" />
              <Text className={classes.scanHint} size="sm" role="status">
                {camera === 'starting' ? 'Starting the camera…' : 'Looking for a QR label…'}
              </Text>
            </Paper>
          )}
          {notALabel && !noCamera ? (
            <Alert color="brand" variant="light" data-testid="scan-not-a-label">
              That QR code is not an Inspecta unit label.
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="md" component="form" onSubmit={openCode} noValidate>
            <Stack gap="sm">
              <Title order={2} size="h4">
                <IconKeyboard
                  size={20}
                  aria-hidden="true"
                  style={{ verticalAlign: '-3px', marginRight: 6 }}
                />
                Type the code instead
              </Title>
              <TextInput
                label="Unit code"
                description="Printed on the label below the unit's details, e.g. “Code 1042”."
                inputMode="numeric"
                autoComplete="off"
                size="md"
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setCodeError(null);
                }}
                error={codeError}
                data-testid="scan-code"
              />
              <Button type="submit" size="md" fullWidth data-testid="scan-open">
                Open unit
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </main>
    </div>
  );
}
