import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type FocusEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { formatIsoDayAs, parseDay, useDayFormat } from '@/lib/dates';

export interface DateFieldProps
  extends Omit<TextInputProps, 'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'error'> {
  /** The day as YYYY-MM-DD, or '' for none. */
  value?: string | null;
  /** Called with the day as YYYY-MM-DD ('' when cleared or not a date). */
  onChange?: (value: string) => void;
  /** The first and last day the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  error?: ReactNode;
}

/**
 * The one date field of the app: shows and takes the day in the organisation's date format
 * (Settings -> Organisation; "25/03/2026" for DD/MM/YYYY), whatever the browser's language, and
 * hands the form YYYY-MM-DD. The calendar button opens the browser's own date picker. A native
 * `<input type="date">` would show the browser's format (mm/dd/yyyy in an American Chromium).
 */
export function DateField({
  value,
  onChange,
  min,
  max,
  error,
  onBlur,
  disabled,
  readOnly,
  ...rest
}: DateFieldProps) {
  const format = useDayFormat();
  const day = value ?? '';
  const shown = (iso: string) => (iso ? formatIsoDayAs(iso, format) : '');
  const [text, setText] = useState(() => shown(day));
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // A day set from outside (a reset, a default, the picker) or a new format shows anew; a day
  // that came from what was typed keeps the text as typed until the field is left.
  const lastFormat = useRef(format);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the day or the format changes
  useEffect(() => {
    const formatChanged = lastFormat.current !== format;
    lastFormat.current = format;
    if (!formatChanged) {
      const typed = text.trim() === '' ? '' : parseDay(text, format);
      if (typed === day) return;
      if (typed === null && day === '') return;
    }
    setText(shown(day));
    setInvalid(false);
  }, [day, format]);

  const change = (next: string) => {
    setText(next);
    const parsed = next.trim() === '' ? '' : parseDay(next, format);
    if (parsed !== null) {
      setInvalid(false);
      if (parsed !== day) onChange?.(parsed);
    }
  };

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    const parsed = text.trim() === '' ? '' : parseDay(text, format);
    if (parsed === null) {
      setInvalid(true);
      if (day !== '') onChange?.('');
    } else {
      setText(shown(parsed));
    }
    onBlur?.(event);
  };

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  const example = format === 'D MMM YYYY' ? '25 Mar 2026' : format;
  return (
    <TextInput
      {...rest}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={rest.placeholder ?? (format === 'D MMM YYYY' ? 'e.g. 25 Mar 2026' : format)}
      inputMode={format === 'D MMM YYYY' ? 'text' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={blur}
      error={invalid ? `Enter the date as ${example}` : error}
      data-day={day}
      rightSectionPointerEvents="all"
      rightSection={
        disabled || readOnly ? null : (
          <>
            <ActionIcon variant="subtle" color="gray" aria-label="Open calendar" onClick={openPicker}>
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden
              value={day}
              min={min}
              max={max}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setText(shown(next));
                setInvalid(false);
                onChange?.(next);
              }}
              style={{
                position: 'absolute',
                right: 0,
                bottom: 0,
                width: 1,
                height: 1,
                opacity: 0,
                pointerEvents: 'none',
                border: 0,
                padding: 0,
              }}
            />
          </>
        )
      }
    />
  );
}
