import { Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, useRef } from 'react';
import classes from './template-preview.module.css';

interface SignaturePadProps {
  labelId: string;
  signed: boolean;
  onChange: (value: string | null) => void;
}

/** A small drawing pad: the inspector signs with a finger or a pen. */
export function SignaturePad({ labelId, signed, onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

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
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = point(event);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.strokeStyle = '#14213d';
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
    onChange(canvas.current?.toDataURL('image/png') ?? 'signed');
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        width={600}
        height={180}
        className={classes.signature}
        role="img"
        aria-labelledby={labelId}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {signed ? 'Signed' : 'Sign inside the box'}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconEraser size={12} aria-hidden="true" />}
          onClick={clear}
          disabled={!signed}
        >
          Clear signature
        </Button>
      </Group>
    </div>
  );
}
