import { Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SignaturePad } from './signature-pad';
import type { ChecklistUploads } from './uploads';

/** Strokes within this pause are one signature: it is uploaded once the signer stops. */
const UPLOAD_AFTER_MS = 900;

interface SignatureControlProps {
  labelId: string;
  answer: string | null;
  onChange: (answer: string | null) => void;
  uploads?: ChecklistUploads;
  height: number;
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The drawing could not be saved.'))),
      'image/png',
    ),
  );
}

/**
 * A signature answer. With `uploads` the drawing is saved as a PNG upload a moment after the last
 * stroke and the answer is its URL (a saved one is shown after a reload); without it (the builder's
 * preview) the answer is the drawing's data URL.
 */
export function SignatureControl({ labelId, answer, onChange, uploads, height }: SignatureControlProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastCanvas = useRef<HTMLCanvasElement | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const save = async () => {
    const canvas = lastCanvas.current;
    if (!canvas || !uploads) return;
    setState('saving');
    try {
      const url = await uploads.upload(await canvasToPng(canvas), 'signature.png');
      onChange(url);
      setState('idle');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The upload failed.');
      setState('failed');
    }
  };

  const sign = (canvas: HTMLCanvasElement) => {
    if (!uploads) {
      onChange(canvas.toDataURL('image/png'));
      return;
    }
    lastCanvas.current = canvas;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), UPLOAD_AFTER_MS);
  };

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    lastCanvas.current = null;
    setState('idle');
    onChange(null);
  };

  const status =
    state === 'saving' ? (
      <Group gap={6}>
        <Loader size={12} aria-hidden="true" /> Saving the signature…
      </Group>
    ) : state === 'failed' ? (
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="red.8" role="alert">
          Not saved: {failure}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={() => void save()}>
          Try again
        </Button>
      </Group>
    ) : undefined;

  const isUrl = Boolean(uploads && answer && !answer.startsWith('data:'));
  return (
    <SignaturePad
      labelId={labelId}
      signed={Boolean(answer)}
      imageUrl={isUrl ? answer : null}
      onSign={sign}
      onClear={clear}
      status={status}
      height={height}
    />
  );
}
