import { Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './checklist.module.css';

const INK = '#14213d';

interface SignaturePadProps {
  labelId: string;
  /** Whether the answer holds a signature (drawn here, or saved earlier). */
  signed: boolean;
  /** A saved signature to show until the signer clears it (after a reload the canvas is empty). */
  imageUrl?: string | null;
  /** Called after each stroke with the canvas: the caller turns it into the answer. */
  onSign: (canvas: HTMLCanvasElement) => void;
  onClear: () => void;
  /** Shown under the pad instead of "Signed" / "Sign inside the box" (saving, a failed upload). */
  status?: ReactNode;
  height?: number;
}

/** A drawing pad: the signer draws with a finger, a pen or a mouse (pointer events). */
export function SignaturePad({
  labelId,
  signed,
  imageUrl,
  onSign,
  onClear,
  status,
  height = 90,
}: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // A saved signature is shown as an image until this pad is drawn on or cleared.
  const [drawnHere, setDrawnHere] = useState(false);
  const showSaved = Boolean(imageUrl) && !drawnHere;

  // A white background, so the exported PNG reads the same on any page it is printed on.
  const paintBackground = useCallback(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, element.width, element.height);
  }, []);

  useEffect(() => {
    if (!showSaved) paintBackground();
  }, [showSaved, paintBackground]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = event.currentTarget.width / rect.width;
    const scaleY = event.currentTarget.height / rect.height;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    drawing.current = true;
    setDrawnHere(true);
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = point(event);
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = INK;
    context.beginPath();
    context.moveTo(x, y);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (canvas.current) onSign(canvas.current);
  };

  const clear = () => {
    paintBackground();
    setDrawnHere(false);
    onClear();
  };

  return (
    <div>
      {showSaved ? (
        <img
          src={imageUrl ?? undefined}
          alt="Saved signature"
          className={classes.signature}
          style={{ height, objectFit: 'contain' }}
        />
      ) : (
        <canvas
          ref={canvas}
          width={600}
          height={Math.round((600 * height) / 300)}
          className={classes.signature}
          style={{ height }}
          role="img"
          aria-labelledby={labelId}
          data-testid="signature-canvas"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerLeave={end}
          onPointerCancel={end}
        />
      )}
      <Group justify="space-between" mt={4} wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" component="div">
          {status ?? (signed ? 'Signed' : 'Sign inside the box')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          color="dark"
          leftSection={<IconEraser size={14} aria-hidden="true" />}
          onClick={clear}
          disabled={!signed && !drawnHere}
        >
          Clear signature
        </Button>
      </Group>
    </div>
  );
}
