import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { GREETING_TYPING_INTERVAL_MS, GREETING_WAVE_DELAY_MS } from '@/config/app';
import classes from './greeting.module.css';

interface GreetingProps {
  firstName: string;
}

/**
 * "Welcome, {firstName}" typed one character per 100 ms, then a waving hand that starts to wave
 * 300 ms after typing ends. With prefers-reduced-motion the text is shown at once and nothing moves.
 */
export function Greeting({ firstName }: GreetingProps) {
  const text = `Welcome, ${firstName}`;
  // Read the media query during the first render, so reduced-motion users never see the typing.
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [typed, setTyped] = useState(reduceMotion ? text.length : 0);
  const [waving, setWaving] = useState(false);
  const done = reduceMotion || typed >= text.length;

  useEffect(() => {
    if (reduceMotion) {
      setTyped(text.length);
      setWaving(false);
      return;
    }
    setTyped(0);
    setWaving(false);
    let count = 0;
    let waveTimer: ReturnType<typeof setTimeout> | undefined;
    const typeTimer = setInterval(() => {
      count += 1;
      setTyped(count);
      if (count >= text.length) {
        clearInterval(typeTimer);
        waveTimer = setTimeout(() => setWaving(true), GREETING_WAVE_DELAY_MS);
      }
    }, GREETING_TYPING_INTERVAL_MS);
    return () => {
      clearInterval(typeTimer);
      if (waveTimer) clearTimeout(waveTimer);
    };
  }, [text, reduceMotion]);

  return (
    <p className={classes.greeting} data-testid="greeting" data-typing={done ? 'done' : 'typing'}>
      {text.slice(0, typed)}
      {done ? (
        <span
          className={classes.hand}
          role="img"
          aria-label="waving hand"
          data-testid="greeting-wave"
          data-waving={waving ? 'true' : 'false'}
        >
          👋
        </span>
      ) : (
        <span className={classes.caret} aria-hidden="true" />
      )}
    </p>
  );
}
