import { Button, Group, Loader, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { SignaturePad } from './signature-pad';
import { drawTypedSignature, typedCaption } from './typed-signature';
import type { ChecklistUploads } from './uploads';

/** Strokes within this pause are one signature: it is uploaded once the signer stops. */
const UPLOAD_AFTER_MS = 900;

interface SignatureControlProps {
  labelId: string;
  answer: string | null;
  onChange: (answer: string | null) => void;
  uploads?: ChecklistUploads;
  height: number;
  /** Who signs (the signed-in user's name): written under a typed signature with the time. */
  signer?: string;
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
 * A signature answer, drawn on the pad or typed (for a keyboard or screen-reader user, who cannot
 * draw): a typed name is rendered to the same kind of PNG as a drawing, with "Typed by … · when"
 * under it, so the server, the seal and the PDF treat both alike. With `uploads` the image is saved
 * as an upload (a drawing a moment after the last stroke) and the answer is its URL (a saved one is
 * shown after a reload); without it (the builder's preview) the answer is the image's data URL.
 */
export function SignatureControl({
  labelId,
  answer,
  onChange,
  uploads,
  height,
  signer,
}: SignatureControlProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastCanvas = useRef<HTMLCanvasElement | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');
  // Bumped when a typed signature replaces the pad, so the pad drops a drawing made before it.
  const [padKey, setPadKey] = useState(0);
  const [typedPreview, setTypedPreview] = useState<string | null>(null);
  // What a screen reader hears once a signature is applied or cleared (the pad itself is silent).
  const [announcement, setAnnouncement] = useState('');
  const typedId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const save = async (applied?: string) => {
    const canvas = lastCanvas.current;
    if (!canvas || !uploads) return;
    setState('saving');
    try {
      const url = await uploads.upload(await canvasToPng(canvas), 'signature.png');
      onChange(url);
      setState('idle');
      if (applied) setAnnouncement(applied);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The upload failed.');
      setState('failed');
      setAnnouncement('The signature was not saved.');
    }
  };

  const applyTyped = (event: SyntheticEvent) => {
    event.preventDefault();
    const name = typedName.trim();
    if (!name) return;
    if (timer.current) clearTimeout(timer.current);
    const canvas = document.createElement('canvas');
    if (!drawTypedSignature(canvas, name, typedCaption(signer, new Date()), height)) {
      setAnnouncement('The typed signature could not be drawn on this device.');
      return;
    }
    setPadKey((key) => key + 1);
    const applied = `Typed signature applied: ${name}.`;
    if (!uploads) {
      const url = canvas.toDataURL('image/png');
      setTypedPreview(url);
      onChange(url);
      setAnnouncement(applied);
      return;
    }
    lastCanvas.current = canvas;
    void save(applied);
  };

  const sign = (canvas: HTMLCanvasElement) => {
    setTypedPreview(null);
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
    setTypedPreview(null);
    onChange(null);
    setAnnouncement('Signature cleared.');
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
        <Button size="compact-xs" variant="light" color="red" onClick={() => void save('Signature saved.')}>
          Try again
        </Button>
      </Group>
    ) : undefined;

  const isUrl = Boolean(uploads && answer && !answer.startsWith('data:'));
  return (
    <Stack gap={6}>
      <SignaturePad
        key={padKey}
        labelId={labelId}
        signed={Boolean(answer)}
        imageUrl={isUrl ? answer : typedPreview}
        onSign={sign}
        onClear={clear}
        status={status}
        height={height}
      />
      {/* Not a <form>: the checklist may sit inside one (the builder's preview). Enter applies. */}
      <Stack gap={6}>
        <TextInput
          id={typedId}
          label="Or type your name"
          description="Saved as the signature image, with who typed it and when"
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyTyped(event);
          }}
          autoComplete="name"
          maxLength={80}
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={applyTyped}
            leftSection={<IconKeyboard size={16} aria-hidden="true" />}
            disabled={!typedName.trim() || state === 'saving'}
          >
            Use typed name
          </Button>
        </Group>
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
